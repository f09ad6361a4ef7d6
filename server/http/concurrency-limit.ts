/**
 * Bounds work that is costly in memory or CPU (decoding an image) or that one resource serves one at
 * a time (the embedded database): at most `concurrency` tasks run at once, at most `queue` more
 * wait, each for at most `waitMs`; anything beyond is refused at once with a `BusyError`. A burst is
 * answered quickly with "busy" (503, `server/errors.ts`) instead of piling up in memory.
 */

/** The work was refused, or waited too long for its turn; nothing of it ran. */
export class BusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BusyError";
  }
}

export interface ConcurrencyLimitOptions {
  concurrency: number;
  /** Tasks that may wait for a turn (`Infinity`: any number, bounded by `waitMs` alone). */
  queue: number;
  waitMs: number;
  /** What the caller is told when refused. */
  busyMessage: string;
}

interface Waiter {
  since: number;
  start: () => void;
  refuse: (error: BusyError) => void;
  timer: NodeJS.Timeout;
}

export class ConcurrencyLimit {
  readonly #options: ConcurrencyLimitOptions;
  readonly #waiters: Waiter[] = [];
  #running = 0;
  #peak = 0;

  constructor(options: ConcurrencyLimitOptions) {
    this.#options = options;
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a turn now. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** The most tasks that ever ran at once. */
  get peak(): number {
    return this.#peak;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#turn();
    try {
      return await task();
    } finally {
      this.#running--;
      this.#next();
    }
  }

  #start(): void {
    this.#running++;
    this.#peak = Math.max(this.#peak, this.#running);
  }

  #turn(): Promise<void> {
    const { concurrency, queue, waitMs, busyMessage } = this.#options;
    if (this.#running < concurrency && this.#waiters.length === 0) {
      this.#start();
      return Promise.resolve();
    }
    if (this.#waiters.length >= queue) return Promise.reject(new BusyError(busyMessage));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        since: performance.now(),
        start: () => {
          this.#start();
          resolve();
        },
        refuse: reject,
        timer: setTimeout(() => {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          reject(new BusyError(busyMessage));
        }, waitMs),
      };
      waiter.timer.unref();
      this.#waiters.push(waiter);
    });
  }

  #next(): void {
    const { concurrency, waitMs, busyMessage } = this.#options;
    while (this.#running < concurrency) {
      const waiter = this.#waiters.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      // A task that blocks the event loop (the embedded database runs on it) keeps timers from
      // firing: a waiter whose time ran out meanwhile is refused here rather than started late.
      if (performance.now() - waiter.since > waitMs) waiter.refuse(new BusyError(busyMessage));
      else waiter.start();
    }
  }
}
