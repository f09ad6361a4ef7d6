/** One event of a Chromium trace, as far as the CPU count reads it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Thread CPU of the main thread's top-level tasks, ms; the main thread is the renderer thread with the most tasks. */
export function mainThreadCpu(events: TraceEvent[]): number {
  const threadNames = new Map<string, string>();
  for (const event of events)
    if (event.ph === "M" && event.name === "thread_name") threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? "");
  const counts = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === "X" && threadNames.get(thread) === "CrRendererMain") counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events
    .filter(
      (event) =>
        `${event.pid}:${event.tid}` === main &&
        event.ph === "X" &&
        (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask"),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = -Infinity;
  let cpu = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before it
    end = task.ts + (task.dur ?? 0);
    cpu += task.tdur ?? 0;
  }
  return cpu / 1000;
}
