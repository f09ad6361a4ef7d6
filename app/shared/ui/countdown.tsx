import { useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { formatDate } from "../i18n/format.ts";
import { Island } from "../islands/island.tsx";

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

/**
 * A moment in game time (UTC+7), with the reader's own time beside it when their zone differs.
 * The local part is added in the browser only: the server does not know the reader's zone. An island
 * of its own (decision 025).
 */
export function GameTime(props: GameTimeProps) {
  return <Island name="game-time" component={GameTimeText} props={props} as="span" />;
}

/** The game time itself, as its island hydrates it. */
export function GameTimeText({ at, language }: GameTimeProps) {
  const { t } = useTranslation();
  const local = useSyncExternalStore(
    noop,
    () => (new Date().getTimezoneOffset() === -420 ? null : formatDate(at, language, { date: "short", time: "short", local: true })),
    () => null,
  );
  return (
    <span>
      {t("time.game", { time: formatDate(at, language, { date: "short", time: "short" }) })}
      {local ? <span className="text-fg-muted"> · {t("time.local", { time: local })}</span> : null}
    </span>
  );
}
const noop = () => () => {};
