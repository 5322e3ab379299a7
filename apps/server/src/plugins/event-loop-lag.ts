import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay is reported over the last completed window, so a scrape shows recent stalls, not all time. */
const LAG_WINDOW_MS = 10_000;

interface LagFigures {
  p50: number;
  p99: number;
  max: number;
}

/** Samples event-loop delay (perf_hooks) in fixed windows; `window()` reports the worse of the last one and now. */
export class EventLoopLag {
  readonly #monitor = monitorEventLoopDelay({ resolution: 10 });
  #last: LagFigures = { p50: 0, p99: 0, max: 0 };
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#monitor.enable();
    this.#timer = setInterval(() => this.rotate(), LAG_WINDOW_MS).unref();
  }

  /** Starts a fresh window (the benchmark calls it between phases). */
  rotate(keepLast = true): void {
    this.#last = keepLast ? this.current() : { p50: 0, p99: 0, max: 0 };
    this.#monitor.reset();
  }

  /** Delay percentiles in milliseconds of the current window only. */
  current(): LagFigures {
    const m = this.#monitor;
    if (m.count === 0) return { p50: 0, p99: 0, max: 0 };
    return { p50: m.percentile(50) / 1e6, p99: m.percentile(99) / 1e6, max: m.max / 1e6 };
  }

  /** The worse of the previous window and the current one, per figure (milliseconds). */
  window(): LagFigures {
    const now = this.current();
    return {
      p50: Math.max(now.p50, this.#last.p50),
      p99: Math.max(now.p99, this.#last.p99),
      max: Math.max(now.max, this.#last.max),
    };
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#monitor.disable();
  }
}
