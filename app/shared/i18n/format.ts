import { intlLocale, isLanguage, type Language } from "../../../universal/i18n/languages.ts";

/** The game runs on Vietnam time (UTC+7); dates shown as game time use it whatever the device's zone. */
export const GAME_TIME_ZONE = "Asia/Ho_Chi_Minh";

/** `GAME_TIME_ZONE`'s fixed offset from UTC. */
const GAME_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;
const EN_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

interface DateParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall-clock parts of an instant: in game time (UTC+7 all year, Vietnam has no daylight saving),
 * or in the device's zone at that instant. Both shift the instant, then read it as UTC.
 */
function dateParts(value: number | Date, local: boolean): DateParts {
  const time = typeof value === "number" ? value : value.getTime();
  const offset = local ? -new Date(time).getTimezoneOffset() * 60_000 : GAME_UTC_OFFSET_MS;
  const wall = new Date(time + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

function viDate(parts: DateParts, style: "short" | "medium" | "long"): string {
  if (style === "short") return `${parts.day}/${parts.month}/${pad(parts.year % 100)}`;
  return `${parts.day} ${style === "medium" ? "thg" : "tháng"} ${parts.month}, ${parts.year}`;
}

function enDate(parts: DateParts, style: "short" | "medium" | "long"): string {
  if (style === "short") return `${parts.month}/${parts.day}/${pad(parts.year % 100)}`;
  const month = EN_MONTHS[parts.month - 1] ?? "";
  return `${style === "medium" ? month.slice(0, 3) : month} ${parts.day}, ${parts.year}`;
}

function viTime(parts: DateParts, style: "short" | "medium"): string {
  return `${pad(parts.hour)}:${pad(parts.minute)}${style === "medium" ? `:${pad(parts.second)}` : ""}`;
}

function enTime(parts: DateParts, style: "short" | "medium"): string {
  const hour = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${hour}:${pad(parts.minute)}${style === "medium" ? `:${pad(parts.second)}` : ""} ${parts.hour < 12 ? "AM" : "PM"}`;
}

/**
 * The one date formatter: vi-VN or en-US, in game time unless `local` asks for the device's zone.
 * It writes exactly what `Intl.DateTimeFormat` writes for these styles (a test holds it to that), but
 * without ICU: the first `Intl.DateTimeFormat` of a page costs tens of milliseconds of a phone's main
 * thread, in the middle of hydration, and the server's and the browser's ICU may disagree.
 */
export function formatDate(
  value: number | Date,
  language: Language | string,
  style: { date?: "short" | "medium" | "long"; time?: "short" | "medium"; local?: boolean } = { date: "medium" },
): string {
  const parts = dateParts(value, style.local ?? false);
  const vi = (isLanguage(language) ? language : "vi") === "vi";
  const date = style.date ? (vi ? viDate : enDate)(parts, style.date) : "";
  const time = style.time ? (vi ? viTime : enTime)(parts, style.time) : "";
  if (!date || !time) return date || time;
  if (vi) return style.date === "long" ? `lúc ${time} ${date}` : `${time} ${date}`;
  return style.date === "long" ? `${date} at ${time}` : `${date}, ${time}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one number formatter (vi-VN or en-US), made once per language and precision: building an
 * `Intl.NumberFormat` costs far more than using one, and pages format numbers on every render.
 */
export function numberFormat(language: Language | string, maximumFractionDigits?: number): Intl.NumberFormat {
  const locale = intlLocale(isLanguage(language) ? language : "vi");
  const key = `${locale}|${maximumFractionDigits}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, maximumFractionDigits === undefined ? undefined : { maximumFractionDigits });
    numberFormats.set(key, formatter);
  }
  return formatter;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** How long before `now` the instant `at` was, in words ("5 minutes ago", "5 phút trước"); past a month, the date. */
export function formatAgo(at: number, now: number, language: Language | string): string {
  const locale = intlLocale(isLanguage(language) ? language : "vi");
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 30) return format.format(-days, "day");
  return formatDate(at, language, { date: "short", local: true });
}
