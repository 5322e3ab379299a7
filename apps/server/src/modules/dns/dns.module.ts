import { mqttTopics } from '@meshdeck/contracts';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import { DnsRepository } from './dns.repository.ts';
import { dnsRoutes } from './dns.routes.ts';
import { DnsService } from './dns.service.ts';

/** What the DNS module uses. */
export interface DnsModuleDeps {
  database: DatabaseHandle;
  broker: BrokerHandle;
  events: EventBus;
  serverName: string;
}

/** Quiet time after node changes before a network's entries are sent again (a burst of joins sends once). */
const PUSH_DELAY_MS = 500;

/**
 * DNS entries (api-contract §2.10, decision 034): custom entries per network, automatic `<host>.<network>`
 * entries, sent to the network's hosts when they change (custom entries at once, node joins and leaves after a
 * short quiet time).
 */
export async function register(app: ModuleApp, deps: DnsModuleDeps): Promise<DnsService> {
  const service = new DnsService({
    repository: new DnsRepository(deps.database.db),
    events: deps.events,
    publish: (hostId, payload) =>
      deps.broker.publishToHost(hostId, mqttTopics.hostUpdate(hostId, deps.serverName), payload),
    onError: (error) => app.log.warn({ err: error }, 'DNS push failed'),
  });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const networks = [...pending];
    pending.clear();
    for (const netid of networks) service.schedulePush(netid);
  };
  const unsubscribe = deps.events.subscribe((event) => {
    const joinsOrLeaves = event.resource === 'nodes' && event.action !== 'updated';
    if (!joinsOrLeaves || !event.network) return;
    pending.add(event.network);
    timer ??= setTimeout(flush, PUSH_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    clearTimeout(timer);
    // A push still running finishes before the broker and database close, or is given up after a moment.
    await Promise.race([service.settled(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  });
  await app.register(dnsRoutes(service));
  return service;
}
