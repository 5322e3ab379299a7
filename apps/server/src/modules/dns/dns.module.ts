import { mqttTopics } from '@meshdeck/contracts';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import { DnsRepository } from './dns.repository.ts';
import { dnsRoutes } from './dns.routes.ts';
import { DnsService } from './dns.service.ts';
import { shareDnsUpdates, type DnsChanges } from './dns-shared.ts';
import { DnsUpdateQueue, type HostPublish } from './dns-updates.ts';

/** What the DNS module uses. */
export interface DnsModuleDeps {
  database: DatabaseHandle;
  broker: BrokerHandle;
  events: EventBus;
  serverName: string;
}

/**
 * DNS entries (api-contract §2.10, decision 034): custom entries per network, automatic `<host>.<network>`
 * entries. Each host of a network is sent what changed (DNS_UPDATE): custom entries at once, node joins, leaves and
 * host renames batched after a short quiet time; the whole list goes into pulls and on an administrator's sync.
 */
export async function register(app: ModuleApp, deps: DnsModuleDeps): Promise<DnsService> {
  const repository = new DnsRepository(deps.database.db);
  const publish: HostPublish = (hostId, payload, qos) =>
    deps.broker.publishToHost(hostId, mqttTopics.hostUpdate(hostId, deps.serverName), payload, { qos });
  const onError = (error: unknown) => app.log.warn({ err: error }, 'DNS update failed');
  const updates = new DnsUpdateQueue(repository, publish, onError, {
    listening: () => deps.broker.connectedAgents(),
  });
  await updates.load();
  // Replicas (decision 063): changes go to the one replica that owns DNS updates; alone, straight to the queue.
  let changes: DnsChanges = updates;
  const { work } = deps.database;
  if (work.isShared) changes = shareDnsUpdates(work, updates, (network) => service.push(network));
  const service = new DnsService({ repository, events: deps.events, updates: changes, publish, onError });
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.resource === 'nodes' && event.network) changes.nodeChanged(event.network, event.id);
    else if (event.resource === 'hosts' && event.action === 'updated' && event.id)
      changes.hostChanged(event.id);
    else if (event.resource === 'networks' && event.action === 'deleted' && event.id)
      changes.networkDeleted(event.id);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    // What is queued is sent before the broker and database close, or given up after a moment.
    await Promise.race([updates.flush(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    updates.close();
  });
  await app.register(dnsRoutes(service));
  return service;
}
