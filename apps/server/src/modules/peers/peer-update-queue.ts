import type { FastifyBaseLogger } from 'fastify';
import type { HostChange, PeerUpdateBuilder, PublishStats } from './peer-publisher.ts';

export interface QueueTiming {
  /** Quiet time after the last change before a batch is published. */
  debounceMs: number;
  /** A batch is published at the latest this long after its first change. */
  maxWaitMs: number;
}

/**
 * Coalesces host changes into batches (api-contract §5.10 debounces the same way): a burst of registrations
 * publishes one update per affected host instead of one per registration. Batches run one after another, so
 * agents receive them in order.
 */
export class PeerUpdateQueue {
  #pending = new Map<string, HostChange>();
  #timer: NodeJS.Timeout | undefined;
  #firstAt = 0;
  #running: Promise<PublishStats> = Promise.resolve({ messages: 0, receivers: 0 });

  constructor(
    private readonly builder: PeerUpdateBuilder,
    private readonly log: FastifyBaseLogger,
    private readonly timing: QueueTiming = { debounceMs: 50, maxWaitMs: 500 },
  ) {}

  /** Adds changes to the next batch, merging repeated changes of one host. */
  enqueue(...changes: HostChange[]): void {
    for (const change of changes) {
      const known = this.#pending.get(change.hostId);
      this.#pending.set(change.hostId, {
        hostId: change.hostId,
        formerNetworks: [...(known?.formerNetworks ?? []), ...(change.formerNetworks ?? [])],
        removedPublicKeys: [...(known?.removedPublicKeys ?? []), ...(change.removedPublicKeys ?? [])],
      });
    }
    if (this.#pending.size === 0) return;
    const now = Date.now();
    if (this.#timer === undefined) this.#firstAt = now;
    clearTimeout(this.#timer);
    const wait = Math.max(0, Math.min(this.timing.debounceMs, this.#firstAt + this.timing.maxWaitMs - now));
    this.#timer = setTimeout(() => void this.flush(), wait);
  }

  /** Publishes whatever is pending now; resolves when that batch (and all earlier ones) went out. */
  flush(): Promise<PublishStats> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    this.#running = this.#running.then(
      () => this.builder.publish(batch),
      () => this.builder.publish(batch),
    );
    this.#running.catch((error: unknown) => this.log.error({ err: error }, 'peer update failed'));
    return this.#running;
  }
}
