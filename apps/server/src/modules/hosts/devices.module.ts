import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '../../auth/tokens.ts';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { Config } from '../../config.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import type { EnrollmentKeysRepository } from '../enrollment-keys/enrollment-keys.repository.ts';
import { enrollmentKeysRoutes } from '../enrollment-keys/enrollment-keys.routes.ts';
import { EnrollmentKeysService } from '../enrollment-keys/enrollment-keys.service.ts';
import { NetworkKeysService } from '../enrollment-keys/network-keys.service.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { NetworkDirectory } from '../nodes/network-directory.ts';
import { AddressHints } from '../nodes/address-hints.ts';
import { NodesNetworkUsage } from '../nodes/network-usage.ts';
import { nodeSettings } from '../nodes/node-fields.ts';
import type { NodesRepository } from '../nodes/nodes.repository.ts';
import { nodesRoutes } from '../nodes/nodes.routes.ts';
import { NodesService } from '../nodes/nodes.service.ts';
import { HostMessenger } from '../peers/host-messages.ts';
import { PeerUpdateBuilder } from '../peers/peer-publisher.ts';
import { PeerUpdateQueue } from '../peers/peer-update-queue.ts';
import { brokerPeerSink } from '../peers/peer-sink.ts';
import type { PeersRepository } from '../peers/peers.repository.ts';
import { createRemoteAccess } from '../ext-clients/ext-clients.module.ts';
import type { ExtClientsRepository } from '../ext-clients/ext-clients.repository.ts';
import type { ExtClientsTransaction } from '../ext-clients/ext-clients-transaction.repository.ts';
import { agentRoutes } from './agent.routes.ts';
import { AgentService } from './agent.service.ts';
import { apiHostResolver } from './api-host.ts';
import { agentTopicAuthorizer } from './broker-access.ts';
import type { DevicesTransaction } from './devices-transaction.repository.ts';
import type { HostsRepository } from './hosts.repository.ts';
import { HostSecrets } from './host-secrets.ts';
import { hostsRoutes } from './hosts.routes.ts';
import { HostsService } from './hosts.service.ts';
import { presentRawHost } from './hosts.presenter.ts';
import { RegistrationService } from './registration.service.ts';

export interface DevicesDependencies {
  repositories: { tx: DevicesTransaction; hosts: HostsRepository; nodes: NodesRepository; keys: EnrollmentKeysRepository; peers: PeersRepository; extClients: ExtClientsRepository; extClientsTx: ExtClientsTransaction };
  networks: NetworkDirectory;
  events: EventBus;
  tokens: TokenService;
  broker: BrokerHandle;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Wires enrollment keys, hosts, nodes and peer updates together (issue 4): builds the services, plugs broker
 * authentication, creates each new network's default key and publishes peer updates after network deletes.
 */
export function createDevices(deps: DevicesDependencies) {
  const { repositories: r, events, config, broker, log } = deps;
  // Everything for one host goes through publishToHost, which seals it with that host's traffic key.
  const publish = (hostId: string, topic: string, payload: string) => broker.publishToHost(hostId, topic, payload);
  const sink = brokerPeerSink(broker, async (hostId) => {
    const host = await r.hosts.findById(hostId);
    if (!host) return undefined;
    const nodes = await r.nodes.listByHosts([hostId]);
    return { host: presentRawHost(host, nodes.map((n) => n.id)), nodes: await agents.rawNodes(nodes) };
  });
  const builder = new PeerUpdateBuilder(r.peers, sink, config.serverName);
  const peers = new PeerUpdateQueue(builder, log);
  const messenger = new HostMessenger(publish, config.serverName, (error) => log.warn({ err: error }, 'MQTT publish failed'));
  const d = { tx: r.tx, hosts: r.hosts, nodes: r.nodes, keys: r.keys, networks: deps.networks, peers, peerBuilder: builder, messenger, events, tokens: deps.tokens, secrets: new HostSecrets(), addressHints: new AddressHints(), serverName: config.serverName, brokerPresence: (hostId: string) => broker.isAgentConnected(hostId) };
  const hostsService = new HostsService(d);
  const agents: AgentService = new AgentService(d, hostsService);
  const registration = new RegistrationService(d);
  const nodesService = new NodesService(d);
  const findRelay = async (nodeId: string) => {
    const node = await r.nodes.findById(nodeId);
    return node && { network: node.network, isRelay: nodeSettings(node).isrelay };
  };
  const keysService = new EnrollmentKeysService(r.keys, deps.networks, findRelay, events);
  const networkKeys = new NetworkKeysService(r.keys);
  const networkUsage = new NodesNetworkUsage(r.nodes);
  const remoteAccess = createRemoteAccess(d, r.extClients, r.extClientsTx);

  const keySource = (h: { id: string; traffic_key: string | null }) => ({ id: h.id, trafficKey: h.traffic_key });
  const keyring = broker.setHostKeyLoader({
    byIds: async (ids) => (await r.hosts.findByIds(ids)).map(keySource),
    all: async () => (await r.hosts.listAll()).map(keySource),
  });
  // The broker password derived for the host (cheap HMAC), or the host's own password (agents of earlier servers signed in with it).
  broker.setAgentVerifier(async (username, password) =>
    broker.credentials.verify(username, password) ? !!(await r.hosts.findById(username)) : agents.verifyBrokerLogin(username, password),
  );
  // The console's host list shows broker sessions (issue 19): a change is a host update for its live refresh.
  broker.setPresenceListener((hostId) => events.publish({ resource: 'hosts', action: 'updated', id: hostId }));
  broker.setAgentAuthorizer(agentTopicAuthorizer(config.serverName, async (nodeId) => (await r.nodes.findById(nodeId))?.host_id));
  // Peer updates for hosts that lost a node wait for the committed network delete.
  const lists = new ReadCache();
  events.subscribe((event) => {
    if (event.resource === 'nodes' || event.resource === 'hosts' || event.resource === 'networks') lists.invalidate();
    // A deleted host's key goes after its DELETE_HOST went out (the delete is announced after it).
    if (event.resource === 'hosts' && event.action === 'deleted' && event.id) {
      keyring.forget(event.id);
      d.secrets.forget(event.id);
      builder.versions.forget(event.id);
    }
    // Anything that may free an address (or change the range) voids the network's allocation hint.
    if (event.resource === 'networks' && event.id) d.addressHints.reset(event.id);
    if (event.resource === 'nodes' && event.action !== 'created' && event.network) d.addressHints.reset(event.network);
    if (event.resource !== 'networks' || !event.id) return;
    if (event.action === 'deleted') peers.enqueue(...networkUsage.takeRemovedHosts(event.id));
  });

  const brokerUrl = broker.publicUrl;
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(enrollmentKeysRoutes(keysService, apiHostResolver(config.publicApiUrl)));
    await app.register(agentRoutes(registration, agents, { publicApiUrl: config.publicApiUrl, brokerUrl, brokerCredentials: (hostId: string) => ({ username: hostId, password: broker.credentials.passwordOf(hostId) }), onRegistered: (hostId: string) => keyring.markStale(hostId), serverName: config.serverName, isPro: config.edition === 'pro', registerRateLimitPerMinute: config.registerRateLimitPerMinute, hostAuthRateLimitPerMinute: config.hostAuthRateLimitPerMinute }));
    await app.register(hostsRoutes(hostsService, lists));
    await app.register(nodesRoutes(nodesService, lists));
    await app.register(remoteAccess.routes);
  };
  return { routes, networkUsage, networkKeys, peers, builder, remoteAccess };
}
