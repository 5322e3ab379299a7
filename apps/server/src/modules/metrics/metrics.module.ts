import { metricsTopic } from '@meshdeck/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { MetricsRepository } from './metrics.repository.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { MetricsService, type NodeMembers } from './metrics.service.ts';

/** How often finished buckets are rolled up and old figures dropped. */
const MAINTENANCE_MS = 60_000;

/** What the metrics module uses. */
export interface MetricsModuleDeps {
  database: DatabaseHandle;
  broker: BrokerHandle;
  serverName: string;
  /** The nodes module's members (node -> network, host, name). */
  members: NodeMembers;
  networkIds: () => Promise<string[]>;
  log: FastifyBaseLogger;
  /** Told of each stored report (alert rules judge the node's network again; decision 055). */
  onStored?: (nodeId: string) => void;
}

/**
 * Metrics (issue 41): agents publish one sealed report per node on `metrics/<server>/<nodeId>`; the module
 * subscribes, keeps each node's latest connectivity with the contract's counts and a day of samples rolled up to
 * 5-minute and hourly buckets, and serves them (api-contract §2.11).
 */
export async function register(app: ModuleApp, deps: MetricsModuleDeps): Promise<MetricsService> {
  const repository = new MetricsRepository(deps.database.db);
  const service = new MetricsService({
    repository,
    members: deps.members,
    openFromHost: (hostId, payload) => deps.broker.openFromHost(hostId, payload),
  });
  await app.register(metricsRoutes(service, deps.networkIds));
  const prefix = metricsTopic(deps.serverName, '');
  deps.broker.subscribe(metricsTopic(deps.serverName, '+'), (topic, payload) => {
    const nodeId = topic.slice(prefix.length);
    void service.ingest(nodeId, payload).then(
      (outcome) => {
        if (outcome === 'stored') deps.onStored?.(nodeId);
        else deps.log.debug({ nodeId, outcome }, 'metrics report not stored');
      },
      (error: unknown) => deps.log.warn({ err: error, nodeId }, 'metrics report failed'),
    );
  });
  const timer = setInterval(
    () =>
      void service
        .maintain()
        .catch((error: unknown) => deps.log.warn({ err: error }, 'metrics roll-up failed')),
    MAINTENANCE_MS,
  );
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  return service;
}
