import { UNKNOWN_LATENCY_MS, type ChangeEvent, type Metric, type NodeMetrics } from '@meshdeck/contracts';

/** Latency bands a console colours by (spec §4: above 300 ms yellow, above 500 red; 999 unknown). */
const band = (metric: Metric): number =>
  !metric.connected || metric.latency >= UNKNOWN_LATENCY_MS
    ? 3
    : metric.latency > 500
      ? 2
      : metric.latency > 300
        ? 1
        : 0;

/**
 * Whether a node's new metrics change what a console draws: a peer appeared or went, or a pair's reachability,
 * path, relay or latency band moved. Byte counters and latencies within a band do not, so a steady network
 * announces nothing and consoles do not re-read its metrics every minute.
 */
export function changesWhatIsDrawn(before: NodeMetrics | undefined, after: NodeMetrics): boolean {
  if (!before) return true;
  const peers = Object.keys(after.connectivity);
  if (peers.length !== Object.keys(before.connectivity).length) return true;
  for (const peer of peers) {
    const was = before.connectivity[peer];
    const now = after.connectivity[peer]!;
    if (!was || was.path !== now.path || was.via !== now.via || band(was) !== band(now)) return true;
  }
  return false;
}

/** Ids one event names at most; past it the event names the network only (consoles re-read it all anyway). */
export const MAX_IDS_PER_METRICS_EVENT = 100;

export interface MetricsAnnouncerDeps {
  publish(event: ChangeEvent): void;
  /** Shortest time between two announcements of one network. */
  windowMs: number;
}

/**
 * Turns nodes whose drawn metrics changed into `metrics` events, at most one per network per window: the first
 * change goes out at once (a pair turning unreachable shows within seconds), later ones in the window are
 * gathered into one event at its end, so 10,000 agents reporting a flapping link are not 10,000 console re-reads.
 */
export class MetricsAnnouncer {
  readonly #pending = new Map<string, Set<string>>();
  readonly #lastAt = new Map<string, number>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly deps: MetricsAnnouncerDeps,
    private readonly now: () => number = Date.now,
  ) {}

  /** A node's drawn metrics changed. */
  changed(network: string, nodeId: string): void {
    const ids = this.#pending.get(network) ?? new Set<string>();
    ids.add(nodeId);
    this.#pending.set(network, ids);
    if (this.#timers.has(network)) return;
    const wait = (this.#lastAt.get(network) ?? -Infinity) + this.deps.windowMs - this.now();
    if (wait <= 0) this.#flush(network);
    else {
      const timer = setTimeout(() => this.#flush(network), wait);
      timer.unref();
      this.#timers.set(network, timer);
    }
  }

  #flush(network: string): void {
    this.#timers.delete(network);
    const ids = this.#pending.get(network);
    this.#pending.delete(network);
    if (!ids || ids.size === 0) return;
    this.#lastAt.set(network, this.now());
    this.deps.publish({
      resource: 'metrics',
      action: 'updated',
      network,
      ...(ids.size <= MAX_IDS_PER_METRICS_EVENT ? { ids: [...ids] } : {}),
    });
  }

  /** Drops what is pending (the server is closing). */
  stop(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#pending.clear();
  }
}
