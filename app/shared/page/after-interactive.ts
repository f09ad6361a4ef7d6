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

/**
 * How far ahead of the viewport a part below the fold starts loading: a tenth of a screen, so a part
 * just below the fold is not loaded by every reader, and one scrolled to is on its way at once.
 */
export const NEAR_VIEWPORT_MARGIN = "10% 0px";

type ObserverConstructor = new (
  callback: (entries: Array<{ isIntersecting: boolean }>) => void,
  options: { rootMargin: string },
) => { observe(element: Element): void; disconnect(): void };

/**
 * Runs background work for a part of the page (live data below the fold) once the reader scrolls
 * near it, and after the page is interactive: a reader who never gets there never pays for it. Where
 * the browser cannot observe intersections, it runs once the page is interactive. Returns a cancel
 * function for effects.
 */
export function whenNearViewport(
  element: Element,
  task: () => void,
  Observer: ObserverConstructor | undefined = (globalThis as { IntersectionObserver?: ObserverConstructor }).IntersectionObserver,
  scheduler?: IdleScheduler,
): () => void {
  if (!Observer) return afterInteractive(task, scheduler);
  let cancel = () => {};
  const observer = new Observer(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancel = afterInteractive(task, scheduler);
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancel();
  };
}

/** How long a loaded page stays undisturbed before work for later visits (the service worker) starts. */
export const SETTLED_DELAY_MS = 5_000;

interface SettledDocument {
  readyState: string;
  addEventListener: (type: "load", listener: () => void, options: { once: boolean }) => void;
  removeEventListener: (type: "load", listener: () => void) => void;
}

/**
 * The page's load as `afterSettled` reads it: the document's `readyState`, and the window's `load` event
 * (it is dispatched at the window: a listener on the document never hears it, which went unnoticed while
 * this only ran once the page had loaded, decision 038).
 */
function pageLoad(): SettledDocument | undefined {
  const page = globalThis as unknown as Partial<Pick<Window, "addEventListener" | "removeEventListener">> & {
    document?: { readyState: string };
  };
  const { document } = page;
  if (!document || !page.addEventListener || !page.removeEventListener) return undefined;
  const { addEventListener, removeEventListener } = page;
  return {
    get readyState() {
      return document.readyState;
    },
    addEventListener: (type, listener, options) => addEventListener.call(page, type, listener, options),
    removeEventListener: (type, listener) => removeEventListener.call(page, type, listener),
  };
}

/**
 * Runs work that serves later visits, not this one (registering the service worker, keeping the page
 * for offline reading), once the page has loaded and the reader has had it to themselves for a while:
 * on a phone, a worker starting up and fetching beside the page slows the page the reader is using.
 * Returns a cancel function for effects.
 */
export function afterSettled(
  task: () => void,
  scheduler: IdleScheduler = globalThis as unknown as IdleScheduler,
  document: SettledDocument | undefined = pageLoad(),
  delayMs = SETTLED_DELAY_MS,
): () => void {
  let cancel = () => {};
  const wait = () => {
    const timer = scheduler.setTimeout(() => {
      cancel = afterInteractive(task, scheduler);
    }, delayMs);
    cancel = () => scheduler.clearTimeout(timer as never);
  };
  if (!document || document.readyState === "complete") wait();
  else {
    document.addEventListener("load", wait, { once: true });
    cancel = () => document.removeEventListener("load", wait);
  }
  return () => cancel();
}

/**
 * Runs one step of a page's start in a task of its own, after the steps queued before it (timers of
 * the same delay run in the order they were set): the start is several short tasks rather than one
 * long one, so a phone answers a tap between two of them, and none is long enough to block (at a
 * mid-range phone's ×6, a task of 9 ms on this machine already is). A step that throws is logged by
 * its caller; the next ones run regardless.
 */
export function inTaskOfItsOwn(step: () => void): void {
  setTimeout(step, 0);
}
