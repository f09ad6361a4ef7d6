import { useEffect, useState } from "react";

/** Often enough that a time shown to the minute ("3 minutes ago", "may still be edited") is never a minute late. */
const TICK_MS = 30_000;

/**
 * The time now, from hydration on and again every 30 s; 0 before (on the server, while hydrating,
 * and while `active` is false), which callers read as "the device's clock is not known yet".
 */
export function useMinuteClock(active = true): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}
