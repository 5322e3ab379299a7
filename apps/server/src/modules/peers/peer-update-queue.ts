import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../lib/after-commit.ts';
import type { HostChange, PeerUpdateBuilder, PublishStats } from './peer-publisher.ts';

export interface QueueTiming {
  /** Quiet time after the last change before a batch is published. */
  debounceMs: number;
  /** A batch is published at the latest this long after its first change (while no batch is running). */
  maxWaitMs: number;
}

/** Longest pause between batches however slow the last one was, so updates keep flowing under load. */
const MAX_BACKOFF_MS = 5000;

/**
 * Coalesces host changes into batches (api-contract §5.10 debounces the same way): a burst of registrations
 * publishes one update per affected host per window instead of one per registration. One batch runs at a time and
 * changes that arrive meanwhile wait for it, then for at least as long as it took, so the next batch is larger
 * rather than more frequent: at most one update per host per window, and publishing takes at most about half of
 * the event loop however fast changes arrive.
 */
export class PeerUpdateQueue {
  #pending = new Map<string, HostChange>();
  #timer: NodeJS.Timeout | undefined;
  #firstAt = 0;
  #running: Promise<void> | undefined;
  #runningSize = 0;
  #lastDurationMs = 0;
  /** The next batch starts no earlier than this: the end of the last one plus as long as it took. */
  #readyAt = 0;
  #idle: (() => void)[] = [];
  /** Totals since start, for /metrics. */
  readonly totals = { batches: 0, messages: 0, bytes: 0, failures: 0, lastBatchMs: 0 };

  constructor(
    private readonly builder: PeerUpdateBuilder,
    private readonly log: FastifyBaseLogger,
    private readonly timing: QueueTiming = { debounceMs: 50, maxWaitMs: 500 },
  ) {}

  /** Changes waiting for a batch plus those in the batch being published. */
  get depth(): number {
    return this.#pending.size + this.#runningSize;
  }

  /**
   * Adds changes to the next batch, merging repeated changes of one host; inside a unit of work once it has
   * committed (the batch reads what hosts are told, which must be stored), and not at all if it rolls back.
   */
  enqueue(...changes: HostChange[]): void {
    afterCommit(() => this.#add(changes));
  }

  #add(changes: HostChange[]): void {
    for (const change of changes) {
      const known = this.#pending.get(change.hostId);
      this.#pending.set(change.hostId, {
        hostId: change.hostId,
        formerNetworks: [...(known?.formerNetworks ?? []), ...(change.formerNetworks ?? [])],
        removedPublicKeys: [...(known?.removedPublicKeys ?? []), ...(change.removedPublicKeys ?? [])],
        joined: known ? known.joined === true && change.joined === true : change.joined === true,
        isRoutingChange: known?.isRoutingChange === true || change.isRoutingChange === true,
        ...mergedAccessPeers(known, change),
      });
    }
    if (this.#pending.size > 0) this.schedule();
  }

  /** Resolves once everything enqueued so far has been published (tests and benchmarks). */
  flush(): Promise<void> {
    if (this.#pending.size === 0 && !this.#running) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.#idle.push(resolve));
    if (!this.#running) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.run();
    }
    return done;
  }

  private schedule(): void {
    if (this.#running) return; // run() schedules the next batch when this one is done
    const now = Date.now();
    if (this.#timer === undefined) this.#firstAt = now;
    clearTimeout(this.#timer);
    const debounce = Math.max(
      0,
      Math.min(this.timing.debounceMs, this.#firstAt + this.timing.maxWaitMs - now),
    );
    this.#timer = setTimeout(() => void this.run(), Math.max(debounce, this.#readyAt - now));
  }

  private async run(): Promise<void> {
    this.#timer = undefined;
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    this.#runningSize = batch.length;
    const started = performance.now();
    this.#running = this.builder.publish(batch).then(
      (stats: PublishStats) => this.count(stats),
      (error: unknown) => {
        this.totals.failures += 1;
        this.log.error({ err: error }, 'peer update failed');
      },
    );
    await this.#running;
    this.#lastDurationMs = performance.now() - started;
    this.totals.batches += 1;
    this.totals.lastBatchMs = this.#lastDurationMs;
    this.#readyAt = Date.now() + Math.min(this.#lastDurationMs, MAX_BACKOFF_MS);
    this.#running = undefined;
    this.#runningSize = 0;
    if (this.#pending.size > 0) {
      // A flush waiting on this queue wants the rest now; otherwise the next window starts after a pause.
      if (this.#idle.length > 0) return this.run();
      this.schedule();
      return;
    }
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  private count(stats: PublishStats): void {
    this.totals.messages += stats.messages;
    this.totals.bytes += stats.bytes;
  }
}

/**
 * An access-only change stays one while every merged change is one (their peers joined); any other change of the
 * host makes it a whole-list change, which covers the access peers too.
 */
function mergedAccessPeers(known: HostChange | undefined, change: HostChange): { accessPeers?: string[] } {
  const isAccessOnly = change.accessPeers !== undefined && (!known || known.accessPeers !== undefined);
  if (!isAccessOnly) return {};
  return { accessPeers: [...new Set([...(known?.accessPeers ?? []), ...(change.accessPeers ?? [])])] };
}
