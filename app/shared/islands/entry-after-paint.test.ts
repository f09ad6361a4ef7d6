import { describe, expect, it } from "vitest";
import { ENTRY_MODULE_ATTRIBUTE, ENTRY_PRELOAD_ATTRIBUTE, entryPreloads, entryStarterScript } from "./entry-after-paint.ts";

/**
 * Runs the inline script as a page would, its `document.currentScript` carrying `entry`, in a window
 * whose frames and timers run only when the test says so.
 */
function runStarter(entry: string | null, prerendering = false) {
  const frames: (() => void)[] = [];
  const shown: (() => void)[] = [];
  const timers: { callback: () => void; ms: number; id: number }[] = [];
  const appended: Record<string, string>[] = [];
  const document = {
    currentScript: {
      getAttribute: (name: string) => (name === ENTRY_MODULE_ATTRIBUTE ? entry : null),
    },
    createElement: (tag: string) => ({ tag }),
    body: { appendChild: (node: Record<string, string>) => appended.push({ ...node }) },
    prerendering,
    addEventListener: (type: string, listener: () => void) => {
      if (type === "prerenderingchange") shown.push(listener);
    },
  };
  const window = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms, id: timers.length + 1 }),
    clearTimeout: (id: number) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index !== -1) timers.splice(index, 1);
    },
  };
  new Function("document", "window", entryStarterScript())(document, window);
  return { frames, timers, appended, shown };
}

describe("the islands entry, started after the first paint", () => {
  it("is requested by the timer the first frame sets, not before, and once", () => {
    const { frames, timers, appended } = runStarter("/assets/entry.client-abc.js");
    expect(appended).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(appended).toHaveLength(0);
    timers.find((timer) => timer.ms === 0)!.callback();
    expect(appended).toEqual([{ tag: "script", type: "module", src: "/assets/entry.client-abc.js" }]);
    // The fallback is cleared: the page is not woken a second later.
    expect(timers.some((timer) => timer.ms === 1_000)).toBe(false);
    for (const timer of [...timers]) timer.callback();
    expect(appended).toHaveLength(1);
  });

  it("starts after the fallback when no frame is painted (a tab opened in the background)", () => {
    const { timers, appended } = runStarter("/assets/entry.client-abc.js");
    timers.find((timer) => timer.ms === 1_000)!.callback();
    expect(appended).toEqual([{ tag: "script", type: "module", src: "/assets/entry.client-abc.js" }]);
  });

  it("appends the entry alone: the document names it and its imports as preloads, which the parser requests", () => {
    const { timers, appended } = runStarter("/assets/entry.client-abc.js");
    timers.find((timer) => timer.ms === 1_000)!.callback();
    expect(appended.map((node) => node.tag)).toEqual(["script"]);
    expect(entryPreloads(["/assets/entry.client-abc.js", "/assets/boot-a.js"])).toBe(
      `<link rel="modulepreload" href="/assets/entry.client-abc.js" ${ENTRY_PRELOAD_ATTRIBUTE}>` +
        `<link rel="modulepreload" href="/assets/boot-a.js" ${ENTRY_PRELOAD_ATTRIBUTE}>`,
    );
    expect(entryPreloads(['/a"><script>x</script>'])).not.toContain("<script");
  });

  it("in a page prerendered ahead of a click, waits until the page is shown, then starts after its first frame", () => {
    const { frames, timers, appended, shown } = runStarter("/assets/entry.client-abc.js", true);
    // Nothing scheduled, not even the fallback: a prerendered page may wait minutes for its click, or never be shown.
    expect([frames.length, timers.length, appended.length, shown.length]).toEqual([0, 0, 0, 1]);
    shown[0]!();
    expect(frames).toHaveLength(1);
    frames[0]!();
    timers.find((timer) => timer.ms === 0)!.callback();
    expect(appended).toEqual([{ tag: "script", type: "module", src: "/assets/entry.client-abc.js" }]);
  });

  it("does nothing without an entry", () => {
    const { frames, timers, appended } = runStarter(null);
    expect([frames.length, timers.length, appended.length]).toEqual([0, 0, 0]);
  });

  it("inlines the same text whatever the entry, so a cached page's hash of it holds across builds", () => {
    expect(entryStarterScript()).toBe(entryStarterScript());
    expect(entryStarterScript()).not.toMatch(/entry\.client/);
  });
});
