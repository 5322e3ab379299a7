import type { DnsEntry } from '@meshdeck/contracts';
import type { TokenService } from '../../auth/tokens.ts';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UnitOfWork } from '../../lib/module.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { EnrollmentKeyUses } from '../enrollment-keys/enrollment-keys.public.ts';
import type { EventBus } from '../events/events.public.ts';
import type { LicenseLimits } from '../licenses/licenses.public.ts';
import {
  AddressHints,
  StatusChanges,
  type NetworkDirectory,
  type NodeHealth,
  type NodeRecords,
} from '../nodes/nodes.public.ts';
import type { PeerEngine } from '../peers/peers.public.ts';
import { agentRoutes } from './agent.routes.ts';
import type { HostWithNodes } from './broker-access.ts';
import { AgentService } from './agent.service.ts';
import { connectBrokerToHosts, followHostChanges, type HostChangeState } from './host-hooks.ts';
import { HostListRepository } from './host-list.repository.ts';
import { hostListRoutes } from './host-list.routes.ts';
import { HostListService } from './host-list.service.ts';
import { HostSecrets } from './host-secrets.ts';
import type { HostRecords } from './hosts.public.ts';
import { HostsRepository } from './hosts.repository.ts';
import { presentRawHost } from './hosts.presenter.ts';
import { hostsRoutes } from './hosts.routes.ts';
import { HostsService } from './hosts.service.ts';
import { RegistrationService } from './registration.service.ts';

/** What the hosts module uses. */
export interface HostsModuleDeps {
  config: Config;
  database: DatabaseHandle;
  broker: BrokerHandle;
  tokens: TokenService;
  networks: NetworkDirectory;
  peers: PeerEngine;
  events: EventBus;
  lists: ReadCache;
  /** Node status by the server's clock: check-ins and broker sessions move it (decision 050). */
  health: NodeHealth;
  /** The nodes module's network usage: peer updates for hosts that lost a node wait for the network delete. */
  networkUsage: HostChangeState['networkUsage'];
  /** The DNS entries of a host's networks, carried in its pulls (the DNS module). */
  dnsOf?: (hostId: string) => Promise<DnsEntry[]>;
  /** The licence's limits: a registration that adds a host checks the hosts limit in its transaction. */
  limits: LicenseLimits;
  /** The nodes module's records: a host's nodes, joined and left in the hosts' units of work. */
  nodes: NodeRecords;
  /** The enrollment-keys module's key uses, taken in a registration's unit of work. */
  keys: EnrollmentKeyUses;
}

/** What the hosts module offers other modules. */
export interface HostsModule {
  records: HostRecords;
}

/**
 * Every host with the networks of its nodes, for Mosquitto's account files outside the app (startup/mosquitto-cli).
 */
export async function brokerHosts(database: DatabaseHandle, nodes: NodeRecords): Promise<HostWithNodes[]> {
  const nodesOf = new Map<string, { id: string; network: string }[]>();
  for (const node of await nodes.listAll())
    nodesOf.set(node.host_id, [...(nodesOf.get(node.host_id) ?? []), { id: node.id, network: node.network }]);
  return (await new HostsRepository(database.db).listAll()).map((h) => ({
    id: h.id,
    nodes: nodesOf.get(h.id) ?? [],
  }));
}

/**
 * Hosts (api-contract §2.4), agent registration and the agent's own routes (§3), the broker's view of hosts
 * (logins, topics, presence, traffic keys), and the console's lean host list.
 */
export async function register(app: ModuleApp, deps: HostsModuleDeps): Promise<HostsModule> {
  const { config, database, broker, tokens, networks, peers, events, lists, networkUsage, health } = deps;
  const { serverName } = config;
  const hosts = new HostsRepository(database.db);
  // Registration, join and delete write hosts, nodes and key uses in one unit of work (decision 059).
  const transaction: UnitOfWork = (work) => database.runInTransaction(work, { retryOnUniqueViolation: true });
  const repositories = { hosts, nodes: deps.nodes, keys: deps.keys, transaction, limits: deps.limits };
  const { queue, builder: peerBuilder, messenger } = peers;
  const secrets = new HostSecrets();
  const addressHints = new AddressHints();
  const status = new StatusChanges({ nodes: repositories.nodes, health, events });
  const hostsService = new HostsService({
    ...repositories,
    networks,
    peers: queue,
    messenger,
    events,
    brokerPresence: (hostId) => broker.isAgentConnected(hostId),
  });
  const agents = new AgentService(
    {
      ...repositories,
      networks,
      peers: queue,
      peerBuilder,
      messenger,
      events,
      tokens,
      secrets,
      serverName,
      dnsOf: deps.dnsOf,
      status,
    },
    hostsService,
  );
  const registration = new RegistrationService({
    ...repositories,
    networks,
    peers: queue,
    events,
    secrets,
    addressHints,
  });
  peers.describeHostsWith(async (hostId) => {
    const host = await repositories.hosts.findById(hostId);
    if (!host) return undefined;
    const nodes = await repositories.nodes.listByHosts([hostId]);
    return {
      host: presentRawHost(
        host,
        nodes.map((n) => n.id),
      ),
      nodes: await agents.rawNodes(nodes),
    };
  });
  const keyring = connectBrokerToHosts(broker, {
    ...repositories,
    agents,
    events,
    serverName,
    onSession: (hostId, isOpen) => {
      status
        .brokerSession(hostId, isOpen)
        .catch((error: unknown) => app.log.warn({ err: error }, 'announcing a broker session failed'));
    },
  });
  followHostChanges(events, {
    lists,
    keyring,
    secrets,
    peerVersions: peerBuilder.versions,
    addressHints,
    peers: queue,
    networkUsage,
    health,
  });

  await app.register(
    agentRoutes(registration, agents, {
      publicApiUrl: config.publicApiUrl,
      brokerUrl: broker.publicUrl,
      brokerCredentials: (hostId: string) => ({
        username: hostId,
        password: broker.credentials.passwordOf(hostId),
      }),
      onRegistered: (hostId: string) => keyring.markStale(hostId),
      serverName,
      isPro: config.edition === 'pro',
      registerRateLimitPerMinute: config.registerRateLimitPerMinute,
      hostAuthRateLimitPerMinute: config.hostAuthRateLimitPerMinute,
    }),
  );
  await app.register(hostsRoutes(hostsService, lists));
  const hostRows = new HostListRepository(database.db, database.engine);
  await app.register(hostListRoutes(new HostListService(hostRows, hosts, health), lists));
  return {
    records: { findById: (id) => hosts.findById(id), listEndpoints: () => hosts.listEndpoints() },
  };
}
