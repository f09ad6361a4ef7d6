/** One event of a Chromium trace, as far as the CPU count reads it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
}

/** What a page's main thread did in a trace, ms: thread CPU and wall time of its top-level tasks, and how many. */
export interface MainThreadWork {
  cpu: number;
  /** What Lighthouse's main-thread work counts: wall time, which grows while the thread waits for a core. */
  wall: number;
  tasks: number;
}

const isTask = (event: TraceEvent) => event.ph === "X" && (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask");

/**
 * The page's renderer main thread: the one that parsed `url` when it is given (a browser traces every
 * renderer, and another may have more tasks), else the renderer main thread with the most tasks.
 */
function pageMainThread(events: TraceEvent[], url?: string): string | undefined {
  if (url) {
    const parse = events.find((event) => event.name === "ParseHTML" && event.args?.beginData?.url === url);
    if (parse) return `${parse.pid}:${parse.tid}`;
  }
  const threadNames = new Map<string, string>();
  for (const event of events)
    if (event.ph === "M" && event.name === "thread_name") threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? "");
  const counts = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === "X" && threadNames.get(thread) === "CrRendererMain") counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Thread CPU, wall time and count of the page's main-thread top-level tasks (a task nested in another counts with it). */
export function mainThreadWork(events: TraceEvent[], url?: string): MainThreadWork {
  const main = pageMainThread(events, url);
  const tasks = events
    .filter((event) => `${event.pid}:${event.tid}` === main && isTask(event))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = -Infinity;
  const work = { cpu: 0, wall: 0, tasks: 0 };
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before it
    end = task.ts + (task.dur ?? 0);
    work.cpu += task.tdur ?? 0;
    work.wall += task.dur ?? 0;
    work.tasks += 1;
  }
  return { cpu: work.cpu / 1000, wall: work.wall / 1000, tasks: work.tasks };
}

/** Thread CPU of the main thread's top-level tasks, ms (`mainThreadWork`). */
export function mainThreadCpu(events: TraceEvent[], url?: string): number {
  return mainThreadWork(events, url).cpu;
}
