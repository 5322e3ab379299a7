import type { KeyObject } from 'node:crypto';
import { metricsTopic, type MetricsReport, type PeerMap, type RawNode } from '@meshdeck/contracts';
import {
  buildReport,
  carriedLatencies,
  pingAll,
  probeAddresses,
  reachability,
  targetsOf,
  trafficSeen,
  type WireguardPeerStats,
} from './metrics-probe.ts';
import { sealPayload } from './payload-open.ts';
import type { PeerTable } from './peer-state.ts';

/** What the reporter reads of the running agent at each measurement (it owns none of it). */
export interface MetricsSource {
  /** This host's nodes (one per network): one report per node. */
  nodes(): readonly RawNode[];
  /** The server's peer table and what it says of each key. */
  peers(): PeerTable;
  peerIds(): ReadonlyMap<string, PeerMap[string]>;
  /** Peers handed to the failover node, by public key, with the failover node's id. */
  failedOver(): ReadonlyMap<string, string>;
  /** The peer-update version the agent applied last (undefined before the first versioned one). */
  appliedPeerVersion(): number | undefined;
  /** WireGuard's counters per peer key. */
  peerStats(): Promise<Map<string, WireguardPeerStats>>;
  /** The broker's server name, '' until the first pull; publishing waits for it and a live connection. */
  serverName(): string;
  isConnected(): boolean;
  publish(topic: string, payload: Buffer): Promise<void>;
}

/**
 * Measures each node's peers and publishes one sealed report per node on its metrics topic (issue 41, decision
 * 054). {@link measure}`(false)` runs every interval and pings; `measure(true)` reads only WireGuard's counters and
 * sends nothing unless a peer's reachability or path changed since the last look, in which case it sends at once
 * with the latencies of the last full measurement carried over (never pinging: see `carriedLatencies`).
 */
export class MetricsReporter {
  readonly #startedAt = Date.now();
  #measuring = false;
  /** Per node: the reachability the last look saw (without pings), to send a change at once. */
  #quickReach = new Map<string, string>();
  /** Each node's round trips from its last full measurement, by peer key (quick reports carry them over). */
  #latencies = new Map<string, Map<string, number>>();
  /** Per peer key: its receive counter and when it last grew. */
  readonly #traffic = new Map<string, { rx: number; at: number }>();

  constructor(
    private readonly source: MetricsSource,
    private readonly key: KeyObject,
    private readonly onError: (error: unknown) => void,
    private readonly onSent: () => void,
  ) {}

  async measure(quick: boolean): Promise<void> {
    const source = this.source;
    if (this.#measuring || !source.isConnected() || source.serverName() === '') return;
    this.#measuring = true;
    try {
      const wireguard = await source.peerStats();
      const now = Date.now();
      const lastReceived = trafficSeen(this.#traffic, wireguard, now);
      const [peers, peerIds] = [source.peers(), source.peerIds()];
      const failedOver = source.failedOver();
      const nodes = source.nodes().map((node) => {
        const targets = targetsOf(node.network, peers, peerIds);
        return {
          node,
          targets,
          input: {
            targets,
            nodeId: node.id,
            network: node.network,
            peers,
            peerIds,
            stats: wireguard,
            lastReceived,
            failedOver,
            nowMs: now,
            agentUptimeS: (now - this.#startedAt) / 1000,
            appliedPeerVersion: source.appliedPeerVersion(),
          },
        };
      });
      let changed = false;
      const bare = new Map<string, MetricsReport>();
      for (const { node, input } of nodes) {
        const report = buildReport({ ...input, latencies: new Map() });
        bare.set(node.id, report);
        const reach = reachability(report);
        if (this.#quickReach.get(node.id) !== reach) changed = true;
        this.#quickReach.set(node.id, reach);
      }
      if (quick && !changed) return;
      // A change between two intervals is sent at once without pinging (latencies carried over); the interval pings.
      for (const { node, targets, input } of nodes) {
        const latencies = quick
          ? carriedLatencies(this.#latencies.get(node.id), targets, bare.get(node.id)!)
          : await pingAll(probeAddresses(targets));
        if (!quick) this.#latencies.set(node.id, latencies);
        const report = buildReport({ ...input, nowMs: Date.now(), latencies });
        await source.publish(
          metricsTopic(source.serverName(), node.id),
          sealPayload(this.key, JSON.stringify(report)),
        );
      }
      this.onSent();
    } catch (error) {
      this.onError(error);
    } finally {
      this.#measuring = false;
    }
  }
}
