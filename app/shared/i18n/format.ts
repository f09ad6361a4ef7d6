import { isLanguage, type Language } from "../../../universal/i18n/languages.ts";

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

/** What pages need of a number formatter: `Intl.NumberFormat`'s `format`, for our two languages. */
export interface NumberFormatter {
  format(value: number): string;
}

/** The digits of |value| as JavaScript writes it (the shortest that reads back the same), out of exponent notation. */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa = "0", exponent = "0"] = String(Math.abs(value)).split("e");
  const [head = "0", tail = ""] = mantissa.split(".");
  const digits = head + tail;
  const point = head.length + Number(exponent);
  if (point <= 0) return { whole: "0", fraction: "0".repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + "0".repeat(point - digits.length), fraction: "" };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let carry = 1;
  let result = "";
  for (let index = digits.length - 1; index >= 0; index--) {
    const sum = Number(digits[index]) + carry;
    result = String(sum % 10) + result;
    carry = sum >= 10 ? 1 : 0;
  }
  return carry ? `1${result}` : result;
}

/**
 * `value` as `Intl.NumberFormat` writes it for vi-VN or en-US with at most `places` decimals: the
 * shortest decimal that reads back as `value` (as ICU takes it), rounded half away from zero, trailing
 * zeros dropped, grouped by thousands, a minus on anything negative (even when it rounds to 0).
 */
function formatNumber(value: number, places: number, group: string, point: string): string {
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  let { whole, fraction } = decimalDigits(value);
  if (fraction.length > places) {
    const up = fraction.charCodeAt(places) >= 53; // "5" or more: away from zero
    const kept = whole + fraction.slice(0, places);
    const rounded = up ? increment(kept) : kept;
    whole = rounded.slice(0, rounded.length - places) || "0";
    fraction = rounded.slice(rounded.length - places);
  }
  fraction = fraction.replace(/0+$/, "");
  whole = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+$)/g, group);
  return `${sign}${whole}${fraction ? point + fraction : ""}`;
}

/** `Intl.NumberFormat`'s default precision. */
const DEFAULT_PLACES = 3;

const numberFormats = new Map<string, NumberFormatter>();

/**
 * The one number formatter (vi-VN or en-US), with at most `maximumFractionDigits` decimals (3 by
 * default). It writes exactly what `Intl.NumberFormat` writes (a test holds it to that), without ICU:
 * like a date formatter, the first `Intl.NumberFormat` of a page costs a phone's main thread about
 * 30 ms in the middle of hydration, while the whole rule for our two languages is a few lines.
 */
export function numberFormat(language: Language | string, maximumFractionDigits?: number): NumberFormatter {
  const vi = (isLanguage(language) ? language : "vi") === "vi";
  const places = maximumFractionDigits ?? DEFAULT_PLACES;
  const key = `${vi ? "vi" : "en"}|${places}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    const [group, point] = vi ? [".", ","] : [",", "."];
    formatter = { format: (value) => formatNumber(value, places, group, point) };
    numberFormats.set(key, formatter);
  }
  return formatter;
}

type AgoUnit = "minute" | "hour" | "day";

/** `Intl.RelativeTimeFormat(…, { numeric: "auto" })` for a past `count` of `unit`, as formatAgo uses it (under 60, 24, 30). */
function ago(count: number, unit: AgoUnit, vi: boolean): string {
  if (vi) {
    if (unit === "minute" && count === 0) return "phút này";
    if (unit === "day" && count === 1) return "Hôm qua";
    if (unit === "day" && count === 2) return "Hôm kia";
    return `${count} ${{ minute: "phút", hour: "giờ", day: "ngày" }[unit]} trước`;
  }
  if (unit === "minute" && count === 0) return "this minute";
  if (unit === "day" && count === 1) return "yesterday";
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * How long before `now` the instant `at` was, in words ("5 minutes ago", "5 phút trước"); past a
 * month, the date. The words are `Intl.RelativeTimeFormat`'s (a test holds them to it), without ICU.
 */
export function formatAgo(at: number, now: number, language: Language | string): string {
  const vi = (isLanguage(language) ? language : "vi") === "vi";
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 60) return ago(minutes, "minute", vi);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, "hour", vi);
  const days = Math.floor(hours / 24);
  if (days < 30) return ago(days, "day", vi);
  return formatDate(at, language, { date: "short", local: true });
}
