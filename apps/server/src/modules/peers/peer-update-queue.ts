import type { FastifyBaseLogger } from 'fastify';
import type { SharedWork } from '../../lib/shared-work.ts';
import { afterCommit } from '../../lib/after-commit.ts';
import { BatchTimer, type BatchTiming } from '../../lib/batch-timer.ts';
import type { HostChange, PublishStats } from './peer-changes.ts';
import type { PeerUpdateBuilder } from './peer-publisher.ts';

/** The outbox kind of peer-update changes (decision 063). */
const WORK_KIND = 'peers';

/**
 * Coalesces host changes into batches (api-contract §5.10 debounces the same way): a burst of registrations
 * publishes one update per affected host per window instead of one per registration. One batch runs at a time and
 * changes that arrive meanwhile wait for it, then for at least as long as it took (BatchTimer), so the next batch is
 * larger rather than more frequent: at most one update per host per window, and publishing takes at most about half
 * of the event loop however fast changes arrive.
 */
export class PeerUpdateQueue {
  #pending = new Map<string, HostChange>();
  #runningSize = 0;
  /** Replicas (decision 063): changes go to the owner of peer updates through the shared outbox. */
  #work: SharedWork | undefined;
  readonly #timer: BatchTimer;
  /** Totals since start, for /metrics. */
  readonly totals = { batches: 0, messages: 0, bytes: 0, failures: 0, lastBatchMs: 0 };

  constructor(
    private readonly builder: PeerUpdateBuilder,
    private readonly log: FastifyBaseLogger,
    timing: BatchTiming = { debounceMs: 50, maxWaitMs: 500 },
  ) {
    this.#timer = new BatchTimer(
      timing,
      1,
      () => this.#publishBatch(),
      () => this.#pending.size > 0,
    );
  }

  /** Changes waiting for a batch plus those in the batch being published. */
  get depth(): number {
    return this.#pending.size + this.#runningSize;
  }

  /**
   * Adds changes to the next batch, merging repeated changes of one host; inside a unit of work once it has
   * committed (the batch reads what hosts are told, which must be stored), and not at all if it rolls back.
   */
  enqueue(...changes: HostChange[]): void {
    const work = this.#work;
    if (work)
      afterCommit(() =>
        work.send(
          WORK_KIND,
          changes.map((change) => JSON.stringify(change)),
        ),
      );
    else afterCommit(() => this.#add(changes));
  }

  /**
   * Replicas (decision 063): every replica's changes are stored for the owner of peer updates, which takes them
   * about every debounce window, merges them as one batch and publishes them; a new owner starts a new version
   * epoch (its term), so agents pull in full at their next update, and publishes what the last owner left.
   */
  shareThrough(work: SharedWork, { everyMs = 100 }: { everyMs?: number } = {}): void {
    if (!work.isShared) return;
    this.#work = work;
    work.onOwnership((isOwner) => {
      const term = work.term();
      if (isOwner && term) this.builder.versions.restart(term);
    });
    const term = work.term();
    if (term) this.builder.versions.restart(term);
    work.consume(WORK_KIND, everyMs, async (bodies) => {
      this.builder.forgetKept();
      this.#add(bodies.map((body) => JSON.parse(body) as HostChange));
      await this.flush();
    });
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
    if (this.#pending.size > 0) this.#timer.schedule();
  }

  /** Resolves once everything enqueued so far has been published (tests and benchmarks). */
  flush(): Promise<void> {
    return this.#timer.flush();
  }

  async #publishBatch(): Promise<void> {
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    this.#runningSize = batch.length;
    const started = performance.now();
    await this.builder.publish(batch).then(
      (stats: PublishStats) => this.count(stats),
      (error: unknown) => {
        this.totals.failures += 1;
        this.log.error({ err: error }, 'peer update failed');
      },
    );
    // Replicas: the versions just issued, for every replica's pulls.
    if (this.#work)
      await this.builder.versions
        .persist()
        .catch((error: unknown) => this.log.warn({ err: error }, 'peer versions not stored'));
    this.totals.batches += 1;
    this.totals.lastBatchMs = performance.now() - started;
    this.#runningSize = 0;
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
