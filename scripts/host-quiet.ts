/**
 * Waiting for the host to go quiet before a measured load (decision 037).
 *
 * A freshly launched Chromium keeps both of this machine's cores busy for one to two seconds after it
 * answers on its debugging port (its new profile, its utility processes). Lighthouse starts at once: its
 * benchmark index and then the page's load were measured in that storm, so the index of one run swung
 * from 900 to 2,600 and the load's main-thread wall time grew with whatever the browser was still
 * doing. A phone's browser is already running when its reader opens a link, so the bench waits, after
 * the launch, until the host's CPU has been mostly idle for a short while (or a cap has passed).
 */
import { readFileSync } from "node:fs";

/** Cumulative CPU time of the whole host, in clock ticks: busy and idle (idle + iowait). */
export interface CpuTimes {
  busy: number;
  idle: number;
}

/** The first line of `/proc/stat`; `undefined` where there is none (not Linux). */
export function readHostCpu(read: () => string = () => readFileSync("/proc/stat", "utf8")): CpuTimes | undefined {
  let text: string;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const line = text.split("\n", 1)[0] ?? "";
  if (!line.startsWith("cpu ")) return undefined;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  if (ticks.length < 4 || ticks.some((value) => !Number.isFinite(value))) return undefined;
  // user nice system idle iowait irq softirq steal …; guest time is already counted in user.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const busy = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0) - idle;
  return { busy, idle };
}

/** The busy share of the host between two readings, 0–1 (0 when no tick passed). */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const busy = after.busy - before.busy;
  const total = busy + after.idle - before.idle;
  return total > 0 ? busy / total : 0;
}

export interface QuietOptions {
  /** The host counts as quiet below this busy share (all cores together). */
  busyBelow: number;
  /** For this many consecutive samples. */
  samples: number;
  /** Length of one sample, ms. */
  sampleMs: number;
  /** Give up waiting after this long, ms: a host that never goes quiet is measured as it is. */
  timeoutMs: number;
}

export const QUIET: QuietOptions = { busyBelow: 0.25, samples: 3, sampleMs: 100, timeoutMs: 8_000 };

export interface QuietResult {
  /** How long the wait took, ms. */
  waitedMs: number;
  /** False when the cap ended it, or the host cannot tell (no `/proc/stat`). */
  quiet: boolean;
}

/** Resolves once the host has been quiet for `samples` consecutive samples, or at the cap. */
export async function waitForQuietHost(
  options: QuietOptions = QUIET,
  read: () => CpuTimes | undefined = () => readHostCpu(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<QuietResult> {
  let previous = read();
  if (!previous) return { waitedMs: 0, quiet: false };
  let waitedMs = 0;
  let quietSamples = 0;
  while (waitedMs < options.timeoutMs) {
    await sleep(options.sampleMs);
    waitedMs += options.sampleMs;
    const current = read();
    if (!current) return { waitedMs, quiet: false };
    quietSamples = busyShare(previous, current) < options.busyBelow ? quietSamples + 1 : 0;
    previous = current;
    if (quietSamples >= options.samples) return { waitedMs, quiet: true };
  }
  return { waitedMs, quiet: false };
}
