import { metricsTopic } from '@meshdeck/contracts';
import type { Registry } from 'prom-client';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { PrometheusConfig } from '../../config-prometheus.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import { MetricsAnnouncer } from './metrics-changes.ts';
import { MetricsRepository } from './metrics.repository.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { MetricsService, type ConnectivitySink, type NodeMembers } from './metrics.service.ts';
import { meshCollectors } from './prometheus.ts';

/** How often finished buckets are rolled up and old figures dropped. */
const MAINTENANCE_MS = 60_000;
/** Shortest time between two `metrics` events of one network (issue 41: a state change shows within 5 s). */
const ANNOUNCE_WINDOW_MS = 2_000;

/** What the metrics module uses. */
export interface MetricsModuleDeps {
  database: DatabaseHandle;
  broker: BrokerHandle;
  serverName: string;
  /** The nodes module's members (node -> network, host, name). */
  members: NodeMembers;
  networkIds: () => Promise<string[]>;
  /** The server's peer-update version of a host (`meshdeck_node_peer_updates_behind`). */
  peerVersions: { current(hostId: string): { version: number } };
  /** Told of each stored report (alert rules judge the node's network again; decision 055). */
  onStored?: (nodeId: string) => void;
  /** Where each report's connectivity fact goes: the nodes module's status (decision 058). */
  connectivity: ConnectivitySink;
  /** GET /metrics's registry and settings: the module adds the mesh's series to it. */
  prometheus: { registry: Registry; config: PrometheusConfig };
  /** Where consoles hear that a network's drawn metrics changed (decision 056). */
  events: EventBus;
}

/**
 * Metrics (issue 41): agents publish one sealed report per node on `metrics/<server>/<nodeId>`; the module
 * subscribes, keeps each node's latest connectivity with the contract's counts and a day of samples rolled up to
 * 5-minute and hourly buckets, and serves them (api-contract §2.11).
 */
export async function register(app: ModuleApp, deps: MetricsModuleDeps): Promise<MetricsService> {
  const repository = new MetricsRepository(deps.database.db);
  const announcer = new MetricsAnnouncer({
    publish: (event) => deps.events.publish(event),
    windowMs: ANNOUNCE_WINDOW_MS,
  });
  const service = new MetricsService({
    repository,
    members: deps.members,
    openFromHost: (hostId, payload) => deps.broker.openFromHost(hostId, payload),
    connectivity: deps.connectivity,
    onDrawnChange: (network, nodeId) => announcer.changed(network, nodeId),
    peerVersionOf: (hostId) => deps.peerVersions.current(hostId).version,
  });
  await app.register(metricsRoutes(service, deps.networkIds));
  const reports = new Map<string, number>();
  const count = (outcome: string) => reports.set(outcome, (reports.get(outcome) ?? 0) + 1);
  const { registry, config } = deps.prometheus;
  meshCollectors(registry, {
    members: () => deps.members.all(),
    summaries: () => service.summaries(),
    allMetrics: () => service.byNode(undefined),
    peerVersion: (hostId) => deps.peerVersions.current(hostId).version,
    reports,
    pairs: config.pairs,
    maxPairs: config.maxPairs,
  });
  const prefix = metricsTopic(deps.serverName, '');
  deps.broker.subscribe(metricsTopic(deps.serverName, '+'), (topic, payload) => {
    const nodeId = topic.slice(prefix.length);
    void service.ingest(nodeId, payload).then(
      (outcome) => {
        count(outcome);
        if (outcome === 'stored') deps.onStored?.(nodeId);
        else app.log.debug({ nodeId, outcome }, 'metrics report not stored');
      },
      (error: unknown) => {
        count('failed');
        app.log.warn({ err: error, nodeId }, 'metrics report failed');
      },
    );
  });
  // Roll-ups and retention run on the owner of single-runner work (decision 063); ingest runs where a report lands.
  const timer = setInterval(
    () =>
      deps.database.work.isOwner() &&
      void service
        .maintain()
        .catch((error: unknown) => app.log.warn({ err: error }, 'metrics roll-up failed')),
    MAINTENANCE_MS,
  );
  timer.unref();
  app.addHook('onClose', () => {
    clearInterval(timer);
    announcer.stop();
  });
  return service;
}
