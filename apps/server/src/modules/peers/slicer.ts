/** Longest stretch of synchronous peer work before other callbacks (HTTP requests, timers) get the loop back. */
const SLICE_MS = 5;

/**
 * Cooperative time slicing: long loops call `pause()` often; it yields to the event loop with setImmediate once
 * the current slice is used up, so a 10,000-host batch never holds the loop for more than a few milliseconds.
 */
export class Slicer {
  #since = performance.now();

  /** Yields when this slice has run longer than SLICE_MS; cheap otherwise. */
  async pause(): Promise<void> {
    if (performance.now() - this.#since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#since = performance.now();
  }
}

/** Publishes in flight at once: enough to keep the broker busy without queueing megabytes in the client. */
const PUBLISH_WINDOW = 256;

/** Sends messages with a bounded window of in-flight publishes; the first failure is reported by `drain`. */
export class Outbox {
  #inflight = 0;
  /** Senders waiting for a free slot, woken one per completed publish. */
  readonly #waiting: (() => void)[] = [];
  #idle: (() => void) | undefined;
  #error: unknown;
  messages = 0;
  bytes = 0;

  constructor(private readonly publish: (hostId: string, topic: string, payload: string) => Promise<void>) {}

  async send(hostId: string, topic: string, payload: string): Promise<void> {
    while (this.#inflight >= PUBLISH_WINDOW)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.messages += 1;
    this.bytes += payload.length;
    this.#inflight += 1;
    this.publish(hostId, topic, payload)
      .catch((error: unknown) => {
        this.#error ??= error;
      })
      .finally(() => {
        this.#inflight -= 1;
        this.#waiting.shift()?.();
        if (this.#inflight === 0) this.#idle?.();
      });
  }

  async drain(): Promise<void> {
    if (this.#inflight > 0) await new Promise<void>((resolve) => (this.#idle = resolve));
    if (this.#error instanceof Error) throw this.#error;
    if (this.#error !== undefined) throw new Error('peer update publish failed');
  }
}
