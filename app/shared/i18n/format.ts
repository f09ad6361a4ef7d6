import { intlLocale, isLanguage, type Language } from "./languages.ts";

/** The game runs on Vietnam time (UTC+7); dates shown as game time use it whatever the device's zone. */
export const GAME_TIME_ZONE = "Asia/Ho_Chi_Minh";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The one date formatter: vi-VN or en-US, in game time unless `local` asks for the device's zone. */
export function formatDate(
  value: number | Date,
  language: Language | string,
  style: { date?: "short" | "medium" | "long"; time?: "short" | "medium"; local?: boolean } = { date: "medium" },
): string {
  const locale = intlLocale(isLanguage(language) ? language : "vi");
  const key = `${locale}|${style.date}|${style.time}|${style.local}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: style.date,
      timeStyle: style.time,
      timeZone: style.local ? undefined : GAME_TIME_ZONE,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}
