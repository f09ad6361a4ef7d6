import { describe, expect, it } from "vitest";
import { busyShare, readHostCpu, waitForQuietHost, type CpuTimes } from "./host-quiet.ts";

const STAT = "cpu  100 5 50 800 20 1 2 3 0 0\ncpu0 50 2 25 400 10 0 1 1 0 0\n";

describe("readHostCpu", () => {
  it("reads busy and idle ticks from the first line of /proc/stat", () => {
    // busy = user + nice + system + irq + softirq + steal; idle = idle + iowait
    expect(readHostCpu(() => STAT)).toEqual({ busy: 100 + 5 + 50 + 1 + 2 + 3, idle: 800 + 20 });
  });
  it("gives nothing where the host cannot tell", () => {
    expect(
      readHostCpu(() => {
        throw new Error("ENOENT");
      }),
    ).toBeUndefined();
    expect(readHostCpu(() => "intr 1 2 3\n")).toBeUndefined();
    expect(readHostCpu(() => "cpu  1 x 3\n")).toBeUndefined();
  });
});

describe("busyShare", () => {
  it("is the busy part of the ticks that passed", () => {
    expect(busyShare({ busy: 100, idle: 100 }, { busy: 130, idle: 170 })).toBeCloseTo(0.3);
  });
  it("is 0 when no tick passed", () => {
    expect(busyShare({ busy: 5, idle: 5 }, { busy: 5, idle: 5 })).toBe(0);
  });
});

/** A host whose busy share follows `shares`, one per sample, then stays at the last. */
function host(shares: number[]) {
  let sample = 0;
  let times: CpuTimes = { busy: 0, idle: 0 };
  const slept: number[] = [];
  return {
    slept,
    read: () => times,
    sleep: async (ms: number) => {
      slept.push(ms);
      const share = shares[Math.min(sample++, shares.length - 1)] ?? 0;
      times = { busy: times.busy + share * 100, idle: times.idle + (1 - share) * 100 };
    },
  };
}

const OPTIONS = { busyBelow: 0.25, samples: 3, sampleMs: 100, timeoutMs: 2_000 };

describe("waitForQuietHost", () => {
  it("waits through the browser's start-up until enough quiet samples follow each other", async () => {
    const fake = host([1, 1, 0.9, 0.1, 0.05, 0.6, 0.1, 0.1, 0.1, 1]);
    const result = await waitForQuietHost(OPTIONS, fake.read, fake.sleep);
    expect(result).toEqual({ waitedMs: 900, quiet: true });
  });
  it("gives up at the cap on a host that never goes quiet", async () => {
    const fake = host([0.8]);
    expect(await waitForQuietHost(OPTIONS, fake.read, fake.sleep)).toEqual({ waitedMs: 2_000, quiet: false });
  });
  it("does not wait where the host cannot tell", async () => {
    const fake = host([1]);
    expect(await waitForQuietHost(OPTIONS, () => undefined, fake.sleep)).toEqual({ waitedMs: 0, quiet: false });
    expect(fake.slept).toEqual([]);
  });
});
