import { describe, expect, it } from "vitest";
import { ENTRY_MODULE_ATTRIBUTE, entryStarterScript, startEntryAfterFirstPaint, type EntryStarterHost } from "./entry-after-paint.ts";

/** A page whose frames and timers run only when the test says so. */
function page(entry: string | null) {
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const appended: HTMLScriptElement[] = [];
  const host: EntryStarterHost = {
    script: { getAttribute: (name: string) => (name === ENTRY_MODULE_ATTRIBUTE ? entry : null) },
    document: {
      createElement: () => ({}) as HTMLScriptElement,
      body: { appendChild: <T extends Node>(node: T) => (appended.push(node as unknown as HTMLScriptElement), node) },
    },
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms = 0) => timers.push({ callback, ms }),
  };
  return { host, frames, timers, appended };
}

describe("the islands entry, started after the first paint", () => {
  it("is requested by the timer the first frame sets, not before, and once", () => {
    const { host, frames, timers, appended } = page("/assets/entry.client-abc.js");
    startEntryAfterFirstPaint(host, 1_000);
    expect(appended).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(appended).toHaveLength(0);
    const afterFrame = timers.find((timer) => timer.ms === 0)!;
    afterFrame.callback();
    expect(appended).toEqual([{ type: "module", src: "/assets/entry.client-abc.js" }]);
    for (const timer of timers) timer.callback();
    expect(appended).toHaveLength(1);
  });

  it("starts after the fallback when no frame is painted (a tab opened in the background)", () => {
    const { host, timers, appended } = page("/assets/entry.client-abc.js");
    startEntryAfterFirstPaint(host, 1_000);
    timers.find((timer) => timer.ms === 1_000)!.callback();
    expect(appended).toHaveLength(1);
  });

  it("does nothing without an entry", () => {
    const { host, frames, timers, appended } = page(null);
    startEntryAfterFirstPaint(host, 1_000);
    expect([frames.length, timers.length, appended.length]).toEqual([0, 0, 0]);
  });

  it("inlines the same text whatever the entry, so a cached page's hash of it holds across builds", () => {
    expect(entryStarterScript()).toBe(entryStarterScript());
    expect(entryStarterScript()).not.toMatch(/entry\.client/);
    expect(() => new Function(entryStarterScript())).not.toThrow();
  });
});
