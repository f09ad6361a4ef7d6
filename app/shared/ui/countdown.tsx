import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { formatDate } from "../i18n/format.ts";
import { Island } from "../islands/island.tsx";
import { useNonce } from "../nonce.tsx";
import { LOCAL_TIME_SLOT, localTimeCallScript, writeLocalTime } from "./local-time.ts";

/** One clock for every countdown on the page, ticking once a second. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

type CountdownProps = { to: number; serverNow: number };

/**
 * "2 ngày 03:04:05" until `to`; rendered first with the server's clock, then live (no hydration
 * mismatch). An island of its own (decision 025).
 */
export function Countdown(props: CountdownProps) {
  return <Island name="countdown" component={CountdownClock} props={props} as="span" />;
}

/** The countdown itself, as its island hydrates it. */
export function CountdownClock({ to, serverNow }: CountdownProps) {
  const { t } = useTranslation();
  const now = useSyncExternalStore(subscribe, currentSecond, () => serverNow);
  const left = Math.max(0, Math.floor((to - now) / 1000));
  const days = Math.floor(left / 86_400);
  const clock = [Math.floor((left % 86_400) / 3600), Math.floor((left % 3600) / 60), left % 60]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
  return (
    <time dateTime={new Date(to).toISOString()} className="font-semibold tabular-nums">
      {days > 0 ? `${t("time.days", { count: days })} ` : ""}
      {clock}
    </time>
  );
}

type GameTimeProps = { at: number; language: string };

/** The span's content is the browser's to write (`writeLocalTime`): React never rewrites it (same object every render). */
const WRITTEN_IN_BROWSER = { __html: "" };

/**
 * A moment in game time (UTC+7), with the reader's own time beside it when their zone differs. The
 * server writes the game time; the reader's time is written by an inline script as the page is parsed,
 * before the line is painted (see `local-time.ts`), and by an effect when React renders it later.
 */
export function GameTime({ at, language }: GameTimeProps) {
  const { t } = useTranslation();
  const nonce = useNonce();
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
        dangerouslySetInnerHTML={WRITTEN_IN_BROWSER}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: localTimeCallScript }} />
    </span>
  );
}
