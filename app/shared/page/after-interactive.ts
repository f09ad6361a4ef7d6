/** Longest wait for an idle moment: a page that never idles still gets its background work done. */
export const IDLE_TIMEOUT_MS = 2_000;

interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/**
 * Runs background work (session check, build manifest, service worker, beacons) once the page is
 * interactive: at the browser's next idle moment after hydration, not inside hydration's own tasks,
 * where it would keep a phone from answering the first tap. Returns a cancel function for effects.
 */
export function afterInteractive(task: () => void, scheduler: IdleScheduler = globalThis as unknown as IdleScheduler): () => void {
  if (typeof scheduler.requestIdleCallback === "function") {
    const handle = scheduler.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => scheduler.cancelIdleCallback?.(handle);
  }
  const handle = scheduler.setTimeout(task, 1);
  return () => scheduler.clearTimeout(handle as never);
}
