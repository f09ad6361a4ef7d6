import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { formatDate } from "../i18n/format.ts";
import { KEEP_SERVER_HTML } from "../page/server-html.tsx";
import { DAYS_SLOT, LOCAL_TIME_SLOT, readerTimeAttributes, startCountdown, writeLocalTime } from "./clock-scripts.ts";

type CountdownProps = { to: number; serverNow: number };

/** The server's text of a countdown, which the head's clock script replaces before it is painted by the reader's clock (a test holds the two equal). */
export function countdownText(left: number, days: (count: number) => string): string {
  const day = Math.floor(left / 86_400);
  const clock = [Math.floor((left % 86_400) / 3600), Math.floor((left % 3600) / 60), left % 60]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
  return day > 0 ? `${days(day)} ${clock}` : clock;
}

/**
 * "2 ngày 03:04:05" until `to`, live. The server writes it by its own clock; the head's clock script
 * (`startCountdown`) writes it by the reader's clock before it is painted, and ticks it every second:
 * no React root (decision 029). A countdown React renders later starts the same function from an effect.
 */
export function Countdown({ to, serverNow }: CountdownProps) {
  const { t } = useTranslation();
  const clock = useRef<HTMLTimeElement>(null);
  const days = (count: number) => t("time.days", { count });
  const { day, manyDays } = dayTemplates(days);
  useLayoutEffect(() => {
    if (clock.current) startCountdown(clock.current);
  }, [to, day, manyDays]);
  const attributes = {
    ref: clock,
    dateTime: new Date(to).toISOString(),
    className: "font-semibold tabular-nums",
    "data-countdown-to": to,
    "data-countdown-day": day,
    "data-countdown-days": manyDays,
  };
  return (
    <span>
      {/* The server writes the text by its clock; in the browser it is the script's, never React's. */}
      {import.meta.env.SSR ? (
        <time {...attributes}>{countdownText(Math.max(0, Math.floor((to - serverNow) / 1000)), days)}</time>
      ) : (
        <time {...attributes} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
      )}
    </span>
  );
}

/** The day wordings `startCountdown` fills in: the translator's forms for one and for many days, the number swapped for a slot. */
export function dayTemplates(days: (count: number) => string): { day: string; manyDays: string } {
  return { day: days(1).replace("1", DAYS_SLOT), manyDays: days(1_000_001).replace("1000001", DAYS_SLOT) };
}

type GameTimeProps = { at: number; language: string };

/**
 * A moment in game time (UTC+7), with the reader's own time beside it when their zone differs. The
 * server writes the game time; the reader's time is written by the head's clock script as the page is
 * parsed, before the line is painted (see `clock-scripts.ts`), and by an effect when React renders it later.
 */
export function GameTime({ at, language }: GameTimeProps) {
  const { t } = useTranslation();
  const local = useRef<HTMLSpanElement>(null);
  const localText = ` · ${t("time.local", { time: LOCAL_TIME_SLOT })}`;
  useLayoutEffect(() => {
    if (local.current) writeLocalTime(local.current);
  }, [at, language, localText]);
  return (
    <span>
      {t("time.game", { time: formatDate(at, language, { date: "short", time: "short" }) })}
      <span
        ref={local}
        className="text-fg-muted"
        data-local-at={at}
        data-local-lang={language}
        data-local-text={localText}
        suppressHydrationWarning
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      />
    </span>
  );
}

type ReaderTimeProps = { at: number; language: string; style?: "short" | "medium"; className?: string };

/**
 * When a member did something (a post, a comment, a notification), in the reader's own time: not a
 * game time, so it carries no label. The server can only write game time, which is the reader's own in
 * UTC+7; elsewhere the head's clock script writes the reader's time in its place as the page is
 * parsed (before it is painted, and in server HTML that never hydrates), and an effect does when React
 * renders it later.
 */
export function ReaderTime({ at, language, style = "short", className }: ReaderTimeProps) {
  const element = useRef<HTMLTimeElement>(null);
  useLayoutEffect(() => {
    if (element.current) writeLocalTime(element.current);
  }, [at, language, style]);
  return (
    <time
      ref={element}
      className={className}
      dateTime={new Date(at).toISOString()}
      {...readerTimeAttributes(at, language, style)}
      suppressHydrationWarning
    >
      {formatDate(at, language, { date: style, time: "short" })}
    </time>
  );
}

const TIME_SLOT = "\u0000";

/**
 * A translated message with a member's moment in it ("Sửa {{time}}"), the moment as a `ReaderTime`:
 * `message` writes the message with the slot it is given where the time goes.
 */
export function MessageWithTime({
  message,
  at,
  language,
  style,
}: {
  message: (slot: string) => string;
  at: number;
  language: string;
  style?: "short" | "medium";
}) {
  const [before = "", after = ""] = message(TIME_SLOT).split(TIME_SLOT);
  return (
    <>
      {before}
      <ReaderTime at={at} language={language} style={style} />
      {after}
    </>
  );
}
