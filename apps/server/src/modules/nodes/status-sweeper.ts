import type { ChangeEvent } from '@meshdeck/contracts';
import type { EventBus } from '../events/events.public.ts';
import type { NodeHealth, StatusThresholds } from './node-status.ts';

/**
 * Ids one status event names at most; past it the event names its network only and consoles read that list again
 * once (a mass outage), which costs less than patching thousands of rows one request at a time.
 */
export const MAX_IDS_PER_EVENT = 100;

/** Status changes as events: one per network, so a sweep that moves many nodes is a few events, never a storm. */
export function statusEvents(changed: readonly { id: string; network: string }[]): ChangeEvent[] {
  const byNetwork = new Map<string, Set<string>>();
  for (const { id, network } of changed) {
    const ids = byNetwork.get(network);
    if (ids) ids.add(id);
    else byNetwork.set(network, new Set([id]));
  }
  return [...byNetwork].map(([network, ids]) => ({
    resource: 'node-status',
    action: 'updated',
    network,
    ...(ids.size <= MAX_IDS_PER_EVENT ? { ids: [...ids] } : {}),
  }));
}

/**
 * The check-in times whose nodes changed status between a sweep at `from` and one at `to` (epoch ms), as
 * [start, end) ISO ranges: a node is unstable once `now - lastCheckIn > unstableAfterMs`, so it turned unstable in
 * between exactly when its check-in lies in [from - unstableAfterMs, to - unstableAfterMs), and likewise offline.
 * Consecutive sweeps' ranges meet end to start: no check-in falls between two sweeps or into both.
 */
export function sweepRanges(from: number, to: number, t: StatusThresholds): [string, string][] {
  if (to <= from) return [];
  return [t.unstableAfterMs, t.offlineAfterMs].map((age) => [
    new Date(from - age).toISOString(),
    new Date(to - age).toISOString(),
  ]);
}

export interface StatusSweeperDeps {
  nodes: { checkedInBetween(from: string, to: string): Promise<{ id: string; network: string }[]> };
  health: NodeHealth;
  events: EventBus;
  everyMs: number;
  onError: (error: unknown) => void;
  /** Whether this replica sweeps now (decision 063: the owner of single-runner work); always, when absent. */
  isOwner?: () => boolean;
}

/** A replica that takes sweeping over looks back this far: the last owner's sweeps ended at most this long ago. */
const TAKEOVER_LOOK_BACK_MS = 5000;

/**
 * Announces status changes that no request causes (a node turning unstable or offline because its agent stopped
 * checking in) when they happen: every `everyMs`, an indexed range read per threshold finds the nodes whose
 * check-in age crossed it since the previous sweep, and each network with such nodes gets one `node-status`
 * event. Changes caused by requests (a check-in, a broker session) are announced where they happen.
 */
export class StatusSweeper {
  #last = 0;
  #timer: NodeJS.Timeout | undefined;
  #isStopped = false;

  constructor(private readonly d: StatusSweeperDeps) {}

  /** Starts sweeping; the first sweep covers what crossed from now on (consoles connecting later read afresh). */
  start(): void {
    this.#last = this.d.health.now();
    this.#schedule();
  }

  /** Stops sweeping (the server is closing). */
  stop(): void {
    this.#isStopped = true;
    clearTimeout(this.#timer);
  }

  /** One sweep: finds and announces what crossed a threshold since the previous one. */
  async sweep(): Promise<void> {
    const now = this.d.health.now();
    if (this.d.isOwner?.() === false) {
      // Another replica sweeps: keep only the window a takeover must cover (announcing a change twice is harmless).
      this.#last = Math.max(this.#last, now - this.d.everyMs - TAKEOVER_LOOK_BACK_MS);
      return;
    }
    const changed = [];
    for (const [from, to] of sweepRanges(this.#last, now, this.d.health.thresholds))
      changed.push(...(await this.d.nodes.checkedInBetween(from, to)));
    // Only after every range was read: a failed read leaves its range to the next sweep.
    this.#last = Math.max(this.#last, now);
    changed.push(...this.d.health.prune(now));
    for (const event of statusEvents(changed)) this.d.events.publish(event);
  }

  // A timeout after each sweep, not an interval: a slow sweep (a busy database) never overlaps the next one.
  #schedule(): void {
    if (this.#isStopped) return;
    this.#timer = setTimeout(() => {
      this.sweep()
        .catch(this.d.onError)
        .finally(() => this.#schedule());
    }, this.d.everyMs);
    this.#timer.unref();
  }
}
