import { describe, expect, it } from "vitest";
import { mainThreadCpu, mainThreadWork, type TraceEvent } from "./trace-cpu.ts";

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: "thread_name", ph: "M", pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number, name = "ThreadControllerImpl::RunTask"): TraceEvent => ({
  name,
  ph: "X",
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe("mainThreadCpu", () => {
  it("sums the thread CPU of top-level tasks only, in ms: a task nested in another is counted once, with its parent", () => {
    const events = [
      thread(1, 1, "CrRendererMain"),
      task(1, 1, 0, 10_000, 4_000),
      task(1, 1, 1_000, 2_000, 1_500, "RunTask"),
      task(1, 1, 20_000, 5_000, 3_000),
    ];
    expect(mainThreadCpu(events)).toBe(7);
  });

  it("reads the renderer main thread with the most tasks, not another process's or another thread's", () => {
    const events = [
      thread(1, 1, "CrRendererMain"),
      thread(2, 1, "CrRendererMain"),
      thread(2, 2, "Compositor"),
      task(1, 1, 0, 1_000, 1_000),
      task(2, 1, 0, 1_000, 2_000),
      task(2, 1, 5_000, 1_000, 2_000),
      task(2, 2, 0, 50_000, 50_000),
      { name: "Layout", ph: "X", pid: 2, tid: 1, ts: 100, dur: 500, tdur: 500 },
    ];
    expect(mainThreadCpu(events)).toBe(4);
  });

  it("is 0 for a trace without a renderer main thread", () => {
    expect(mainThreadCpu([thread(3, 1, "CrBrowserMain"), task(3, 1, 0, 1_000, 1_000)])).toBe(0);
  });

  it("reads the thread that parsed the page when the page's URL is given, though another renderer has more tasks", () => {
    const page = "http://127.0.0.1:4000/equipments-items";
    const events = [
      thread(1, 1, "CrRendererMain"),
      thread(2, 1, "CrRendererMain"),
      task(1, 1, 0, 3_000, 1_000),
      { name: "ParseHTML", ph: "X", pid: 1, tid: 1, ts: 100, dur: 500, tdur: 500, args: { beginData: { url: page } } },
      task(1, 1, 10_000, 5_000, 2_000),
      task(2, 1, 0, 1_000, 1_000),
      task(2, 1, 2_000, 1_000, 1_000),
      task(2, 1, 4_000, 1_000, 1_000),
      task(2, 1, 6_000, 1_000, 1_000),
    ];
    expect(mainThreadWork(events, page)).toEqual({ cpu: 3, wall: 8, tasks: 2 });
    expect(mainThreadWork(events)).toEqual({ cpu: 4, wall: 4, tasks: 4 });
    expect(mainThreadWork(events, "http://127.0.0.1:4000/other")).toEqual({ cpu: 4, wall: 4, tasks: 4 });
  });
});
