/**
 * A job several processes may run at once (the offers' expiry, the clans' reminders): `run` every
 * `everyMs` (first soon after start), never two of this process's runs at once; what one run does is
 * the job's to make safe across processes (rows taken `for update skip locked`, effects keyed so they
 * are written once). Returns the function that stops it.
 */
import type { Logger } from "./logger.ts";

export function startSweep(name: string, run: () => Promise<number>, logger: Logger, everyMs: number): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    run()
      .then((count) => {
        if (count > 0) logger.info(`${name}: done`, { count });
      })
      .catch((error: unknown) => logger.warn(`${name}: failed; it runs again soon`, { error }))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(sweep, Math.min(5_000, everyMs));
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
