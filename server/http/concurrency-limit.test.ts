import { describe, expect, it } from "vitest";
import { BusyError, ConcurrencyLimit } from "./concurrency-limit.ts";

/** A task the test finishes when it wants, recording that it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const limit = (options: Partial<ConstructorParameters<typeof ConcurrencyLimit>[0]> = {}) =>
  new ConcurrencyLimit({ concurrency: 2, queue: 3, waitMs: 10_000, busyMessage: "Busy.", ...options });

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("ConcurrencyLimit", () => {
  it("runs at most `concurrency` tasks at once; the others wait their turn, first come first served", async () => {
    const bound = limit();
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate(), gate()];
    const runs = gates.map((each, index) =>
      bound.run(async () => {
        started.push(index);
        await each.opened;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([bound.running, bound.waiting]).toEqual([2, 3]);
    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const each of gates) each.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([bound.running, bound.waiting, bound.peak]).toEqual([0, 0, 2]);
  });

  it("refuses at once, without running it, a task beyond the queue", async () => {
    const bound = limit({ concurrency: 1, queue: 1 });
    const held = gate();
    const first = bound.run(() => held.opened);
    const second = bound.run(async () => "second");
    let ran = false;
    await expect(
      bound.run(async () => {
        ran = true;
      }),
    ).rejects.toThrowError(new BusyError("Busy."));
    expect(ran).toBe(false);
    held.open();
    await first;
    expect(await second).toBe("second");
  });

  it("refuses a task that waited longer than `waitMs`, without running it; the line moves on", async () => {
    const bound = limit({ concurrency: 1, waitMs: 50 });
    const held = gate();
    const first = bound.run(() => held.opened);
    let ran = false;
    const late = bound.run(async () => {
      ran = true;
    });
    await expect(late).rejects.toBeInstanceOf(BusyError);
    expect([ran, bound.waiting]).toEqual([false, 0]);
    held.open();
    await first;
    expect(await bound.run(async () => "next")).toBe("next");
  });

  it("refuses rather than starts late a task whose time ran out while the event loop was blocked", async () => {
    const bound = limit({ concurrency: 1, waitMs: 20 });
    let release!: () => void;
    const first = bound.run(() => new Promise<void>((resolve) => (release = resolve)));
    await settle();
    let ran = false;
    const late = bound.run(async () => {
      ran = true;
    });
    // Synchronous work longer than the wait (as a PGlite statement is): no timer can fire meanwhile.
    const until = performance.now() + 60;
    while (performance.now() < until);
    release();
    await first;
    await expect(late).rejects.toBeInstanceOf(BusyError);
    expect(ran).toBe(false);
  });

  it("frees the turn of a task that fails", async () => {
    const bound = limit({ concurrency: 1 });
    await expect(bound.run(() => Promise.reject(new Error("boom")))).rejects.toThrowError("boom");
    expect(await bound.run(async () => "after")).toBe("after");
    expect(bound.running).toBe(0);
  });
});
