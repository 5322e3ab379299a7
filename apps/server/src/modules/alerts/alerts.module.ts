import type { ChangeEvent, MetricsByNode, NodeStatus } from '@meshdeck/contracts';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { ActivityService } from '../activity/activity.public.ts';
import type { EventBus } from '../events/events.public.ts';
import type { NetworkTransaction, NetworkUsage } from '../networks/networks.public.ts';
import { AlertDelivery, type SendMail } from './alert-delivery.ts';
import { AlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { AlertsService } from './alerts.service.ts';

/** A metrics-driven evaluation of a network runs at most this often (agents of a big network report constantly). */
const METRICS_EVALUATION_MS = 5_000;

/** What the alerts module uses. */
export interface AlertsModuleDeps {
  config: Config;
  database: DatabaseHandle;
  events: EventBus;
  activity: Pick<ActivityService, 'recordServerEntry'>;
  /** The nodes module's members, with their status by the server's clock. */
  members: {
    find(nodeId: string): Promise<{ network: string } | undefined>;
    statusesOf(network: string): Promise<{ id: string; name: string; hostId: string; status: NodeStatus }[]>;
  };
  /** The metrics module's latest figures per node. */
  metrics: { byNode(networks: readonly string[]): Promise<MetricsByNode> };
  /** The peer engine: the versions of the peer updates it sent each host. */
  peers: { builder: { versions: { current(hostId: string): { version: number } } } };
  networkExists: (netid: string) => Promise<boolean>;
}

/** What the alerts module offers: the metrics module tells it when a node's report was stored. */
export interface AlertsModule {
  metricsStored(nodeId: string): void;
  /** The network of an alert rule; [] when unknown (decision 046). None on community, which has no rule routes. */
  lookups: { alertrule?: (id: string) => Promise<string[]> };
}

function mailer(config: Config): SendMail | undefined {
  if (!config.smtp.url) return undefined;
  const transport = nodemailer.createTransport(config.smtp.url);
  return async (message) => {
    await transport.sendMail({ from: config.smtp.from, ...message });
  };
}

/**
 * Alert rules (issue 41, Pro; decision 055): rules per network judged on node status changes, on metrics reports
 * (at most every 5 s per network) and on a sweep at the status sweeper's pace; fired and resolved alerts are
 * stored, logged, announced and delivered to a signed webhook or by email. The community edition has no routes
 * and evaluates nothing.
 */
export async function register(app: ModuleApp, deps: AlertsModuleDeps): Promise<AlertsModule> {
  if (deps.config.edition !== 'pro') return { metricsStored: () => undefined, lookups: {} };
  const repository = new AlertsRepository(deps.database.db);
  const onError = (error: unknown) => app.log.warn({ err: error }, 'alert evaluation failed');
  const service = new AlertsService({
    repository,
    delivery: new AlertDelivery(mailer(deps.config)),
    events: deps.events,
    networkExists: deps.networkExists,
    onError,
    sources: {
      nodesOf: (network) => deps.members.statusesOf(network),
      metricsOf: async (network) => (await deps.metrics.byNode([network])).nodes,
      peerVersion: (hostId) => deps.peers.builder.versions.current(hostId).version,
    },
    log: (entry) =>
      deps.activity.recordServerEntry({
        action: entry.action,
        subjectType: 'ALERT_RULE',
        targetId: entry.ruleId,
        targetName: entry.name,
        network: entry.network,
        actorName: 'alerts',
        details: entry.details,
      }),
  });
  await app.register(alertsRoutes(service));

  // Networks with an enabled rule: only their changes are evaluated (refreshed by every sweep and rule change).
  let watched = new Set(await repository.networksWithRules());
  const refresh = async () => {
    watched = new Set(await repository.networksWithRules());
  };
  // Replicas (decision 063): only the owner of single-runner work evaluates, so each alert fires once; a new owner
  // sweeps at once (what is pending since when starts again with it).
  const { work } = deps.database;
  work.onOwnership((isOwner) => {
    if (isOwner) void Promise.all([refresh(), service.sweep()]).catch(onError);
  });
  // Which networks have rules follows every replica's saves (decision 062); evaluation follows this replica's.
  const unfollow = deps.events.subscribe(
    (event) => {
      if (event.resource === 'alerts') void refresh().catch(onError);
    },
    { everyReplica: true },
  );
  const unsubscribe = deps.events.subscribe((event: ChangeEvent) => {
    const { network } = event;
    if (network === undefined || !watched.has(network) || !work.isOwner()) return;
    if (event.resource === 'node-status' || event.resource === 'nodes') void service.schedule(network);
  });
  const lastByMetrics = new Map<string, number>();
  const throttled = new Map<string, NodeJS.Timeout>();
  const metricsStored = (nodeId: string) => {
    if (watched.size === 0 || !work.isOwner()) return;
    void deps.members.find(nodeId).then((member) => {
      const network = member?.network;
      if (network === undefined || !watched.has(network) || throttled.has(network)) return;
      const wait = (lastByMetrics.get(network) ?? 0) + METRICS_EVALUATION_MS - Date.now();
      const run = () => {
        throttled.delete(network);
        lastByMetrics.set(network, Date.now());
        void service.schedule(network);
      };
      if (wait <= 0) return run();
      const timer = setTimeout(run, wait);
      timer.unref();
      throttled.set(network, timer);
    }, onError);
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  let isClosed = false;
  const sweep = () => {
    sweepTimer = setTimeout(() => {
      void Promise.all([refresh(), work.isOwner() ? service.sweep() : undefined])
        .catch(onError)
        .finally(() => {
          if (!isClosed) sweep();
        });
    }, deps.config.status.sweepEveryMs);
    sweepTimer.unref();
  };
  sweep();
  app.addHook('onClose', async () => {
    isClosed = true;
    clearTimeout(sweepTimer);
    for (const timer of throttled.values()) clearTimeout(timer);
    unsubscribe();
    unfollow();
    service.stop();
  });
  const alertrule = async (id: string) => {
    const rule = await repository.rule(id);
    return rule ? [rule.network] : [];
  };
  return { metricsStored, lookups: { alertrule } };
}

/** Wraps a NetworkUsage so deleting a network deletes its alert rules and alerts in the same transaction. */
export function withNetworkAlerts(usage: NetworkUsage): NetworkUsage {
  return {
    countNodes: (netid, trx) => usage.countNodes(netid, trx),
    countNodesByNetwork: () => usage.countNodesByNetwork(),
    createNetworkMembers: (netid, trx) => usage.createNetworkMembers(netid, trx),
    async deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
      const changes = await usage.deleteNetworkMembers(netid, trx);
      await new AlertsRepository(trx).deleteNetwork(netid);
      return changes;
    },
  };
}
