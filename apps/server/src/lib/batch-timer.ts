/** When a batching queue sends: a quiet time after the last change, capped by a longest wait after the first. */
export interface BatchTiming {
  /** Quiet time after the last change before a batch is sent. */
  debounceMs: number;
  /** A batch is sent at the latest this long after its first change (while no batch is running). */
  maxWaitMs: number;
}

/** Longest pause between batches however slow the last one was, so changes keep flowing under load. */
const MAX_BACKOFF_MS = 5000;

/**
 * The timing of a batching queue (the peer-update and DNS-update queues): a batch starts after `timing`'s quiet time,
 * one batch runs at a time, and changes that arrive meanwhile wait for it, then for `backoffFactor` times as long as
 * it took (at most 5 s), so under load batches grow larger rather than more frequent and take at most
 * 1 / (1 + backoffFactor) of the event loop. The queue keeps its changes; this only says when to take them.
 */
export class BatchTimer {
  #timer: NodeJS.Timeout | undefined;
  #firstAt = 0;
  #running: Promise<void> | undefined;
  /** The next batch starts no earlier than this: the end of the last one plus its back-off. */
  #readyAt = 0;
  #idle: (() => void)[] = [];

  /**
   * `sendBatch` takes the queue's pending changes and sends them, handling its own failures (it must not reject);
   * `hasPending` says whether changes wait for a batch.
   */
  constructor(
    private readonly timing: BatchTiming,
    private readonly backoffFactor: number,
    private readonly sendBatch: () => Promise<void>,
    private readonly hasPending: () => boolean,
  ) {}

  /** Changes wait: starts the quiet time (at once when `isUrgent`), unless a batch is running. */
  schedule(isUrgent = false): void {
    if (this.#running) return; // the running batch schedules the next one when it is done
    const now = Date.now();
    if (this.#timer === undefined) this.#firstAt = now;
    clearTimeout(this.#timer);
    const debounce = isUrgent
      ? 0
      : Math.max(0, Math.min(this.timing.debounceMs, this.#firstAt + this.timing.maxWaitMs - now));
    this.#timer = setTimeout(() => void this.#run(), Math.max(debounce, this.#readyAt - now));
  }

  /** Resolves once everything waiting so far has been sent (shutdown, tests, benchmarks). */
  flush(): Promise<void> {
    if (!this.hasPending() && !this.#running) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.#idle.push(resolve));
    if (!this.#running) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.#run();
    }
    return done;
  }

  /** Stops the timer (server shutdown after the last flush). */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #run(): Promise<void> {
    this.#timer = undefined;
    const started = performance.now();
    this.#running = this.sendBatch();
    await this.#running;
    const took = performance.now() - started;
    this.#readyAt = Date.now() + Math.min(took * this.backoffFactor, MAX_BACKOFF_MS);
    this.#running = undefined;
    if (this.hasPending()) {
      // A flush waiting on this queue wants the rest now; otherwise the next window starts after a pause.
      if (this.#idle.length > 0) return this.#run();
      this.schedule();
      return;
    }
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
