import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenService } from './auth/tokens.ts';
import { startBroker, type BrokerHandle } from './broker/broker.ts';
import { BROKER_SECRET_KEY } from './broker/broker-credentials.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { ReadCache } from './lib/read-cache.ts';
import { MAX_BODY_BYTES, installRequestGuards } from './lib/request-guards.ts';
import { installAgentFiles } from './plugins/agent-files.ts';
import { installAuth } from './plugins/auth.ts';
import { installErrorHandling, installNotFound } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { installMetrics, type EventLoopLag } from './plugins/metrics.ts';
import { installOpenApi } from './plugins/openapi.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installStaticConsole } from './plugins/static-console.ts';
import { installTransferOptimisations } from './plugins/transfer.ts';
import * as accessTokensModule from './modules/access-tokens/access-tokens.module.ts';
import { EventBus } from './modules/events/events.public.ts';
import * as eventsModule from './modules/events/events.module.ts';
import * as groupsModule from './modules/groups/groups.module.ts';
import * as invitesModule from './modules/invites/invites.module.ts';
import * as oauthModule from './modules/oauth/oauth.module.ts';
import * as rolesModule from './modules/roles/roles.module.ts';
import * as usersModule from './modules/users/users.module.ts';
import { NetworksRepository } from './modules/networks/networks.repository.ts';
import { networksRoutes } from './modules/networks/networks.routes.ts';
import { presentNetwork } from './modules/networks/networks.presenter.ts';
import { NetworksService } from './modules/networks/networks.service.ts';
import * as serverModule from './modules/server/server.module.ts';
import { SettingsRepository } from './modules/server/settings.repository.ts';
import { IdentityStore } from './stores/identity.repository.ts';
import { enrollmentKeysRoutes } from './modules/enrollment-keys/enrollment-keys.routes.ts';
import { EnrollmentKeysRepository } from './modules/enrollment-keys/enrollment-keys.repository.ts';
import { EnrollmentKeysService } from './modules/enrollment-keys/enrollment-keys.service.ts';
import { agentRoutes } from './modules/hosts/agent.routes.ts';
import { AgentService } from './modules/hosts/agent.service.ts';
import { apiHostResolver } from './modules/hosts/api-host.ts';
import { consoleListRoutes } from './modules/hosts/console-lists.module.ts';
import { connectBrokerToHosts, followHostChanges } from './modules/hosts/host-hooks.ts';
import { HostListRepository } from './modules/hosts/host-list.repository.ts';
import { HostSecrets } from './modules/hosts/host-secrets.ts';
import { HostsTransaction } from './stores/hosts-transaction.repository.ts';
import { presentRawHost } from './modules/hosts/hosts.presenter.ts';
import { HostsRepository } from './modules/hosts/hosts.repository.ts';
import { hostsRoutes } from './modules/hosts/hosts.routes.ts';
import { HostsService } from './modules/hosts/hosts.service.ts';
import { RegistrationService } from './modules/hosts/registration.service.ts';
import { AddressHints } from './modules/nodes/address-hints.ts';
import { networkDirectory } from './modules/nodes/network-directory.ts';
import { NodesNetworkUsage } from './modules/nodes/network-usage.ts';
import { nodeSettings } from './modules/nodes/node-fields.ts';
import { NodeListRepository } from './modules/nodes/node-list.repository.ts';
import { NodesRepository } from './modules/nodes/nodes.repository.ts';
import { nodesRoutes } from './modules/nodes/nodes.routes.ts';
import { NodesService } from './modules/nodes/nodes.service.ts';
import { HostMessenger } from './modules/peers/host-messages.ts';
import { PeerUpdateBuilder } from './modules/peers/peer-publisher.ts';
import { brokerPeerSink } from './modules/peers/peer-sink.ts';
import { PeerUpdateQueue } from './modules/peers/peer-update-queue.ts';
import type { PeerVersions } from './modules/peers/peer-versions.ts';
import { PeersRepository } from './modules/peers/peers.repository.ts';
import { ExtClientsRepository } from './modules/ext-clients/ext-clients.repository.ts';
import { ExtClientsTransaction } from './stores/ext-clients-transaction.repository.ts';
import { createRemoteAccess } from './modules/ext-clients/ext-clients.module.ts';
import { register as registerRouting } from './modules/routing/routing.module.ts';
import { presentApiNode, presentRawNode } from './modules/nodes/nodes.presenter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and broker this app owns; tests use them to simulate outages. */
    meshdeck: {
      database: DatabaseHandle;
      broker: BrokerHandle;
      config: Config;
      events: EventBus;
      /** Per-host peer-state versions (tests read them to forge a gap). */
      peerVersions: PeerVersions;
      peerQueue: PeerUpdateQueue;
      /** Event-loop delay sampler behind /metrics (the benchmark starts fresh windows). */
      lag: EventLoopLag;
    };
  }
}

export type App = FastifyInstance;

/** Settings key of the HS256 secret generated at first start. */
export const JWT_SECRET_KEY = 'jwt_secret';

/** Trusts the nearest `hops` proxies, as Fastify does for a number (its types only accept a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions {
  /** Where log lines go (stdout by default); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (database, broker, plugins, routes) without listening; closing the app releases all. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // X-Forwarded-For is believed only from configured proxies: rate limits key on request.ip (TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // Join tokens (base64 JSON, api-contract §2.5) travel as a path parameter and exceed the default 100 chars.
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  const settings = new SettingsRepository(database.db);
  let broker: BrokerHandle;
  try {
    const brokerSecret = await settings.getOrCreate(BROKER_SECRET_KEY, randomBytes(32).toString('base64url'));
    broker = await startBroker(config, brokerSecret, app.log);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  // Which database and broker this server uses; URLs may carry credentials, which the logger redacts.
  app.log.info({ engine: database.engine, url: config.databaseUrl }, 'database opened');
  app.log.info(
    { url: config.mqtt.url ?? broker.publicUrl, embedded: broker.isEmbedded },
    'using MQTT broker',
  );
  const events = new EventBus();
  app.addHook('onClose', async () => {
    await broker.close();
    await database.destroy();
  });
  // Agents are answered on the broker only once they can also pull over HTTP (issue 19).
  app.addHook('onListen', () => broker.open());

  const secret = await settings.getOrCreate(
    JWT_SECRET_KEY,
    randomBytes(48).toString('base64url').slice(0, 64),
  );
  const tokens = new TokenService(secret, config.jwtValidityMinutes);
  const networksRepository = new NetworksRepository(database.db);
  const identity = new IdentityStore(database.db);
  await rolesModule.seedIdentity(
    identity,
    config.edition,
    (await networksRepository.listAll()).map((network) => network.netid),
  );

  installErrorHandling(app);
  installRequestGuards(app);
  // Before auth: a request refused by the auth hook must still leave with the security headers.
  await installSecurityHeaders(app, config.corsAllowedOrigins);
  installAuth(app, {
    tokens,
    masterKey: config.masterKey,
    findActiveUser: rolesModule.activeUsers(identity),
    useAccessToken: accessTokensModule.accessTokenUse({ config, identity, tokens }),
    networksOfHost: async (hostId) =>
      (await new NodesRepository(database.db).listByHosts([hostId])).map((node) => node.network),
  });
  await app.register(rateLimit, { global: false });
  await installTransferOptimisations(app);
  await installOpenApi(app);

  await serverModule.register(app, { config, database, broker });
  const people = { config, identity, tokens, events };
  const users = await usersModule.register(app, people);
  await accessTokensModule.register(app, people);
  const networkExists = async (netid: string) => (await networksRepository.findByNetId(netid)) !== undefined;
  await rolesModule.register(app, { ...people, networkExists });
  if (config.edition === 'pro') {
    await groupsModule.register(app, people);
    await invitesModule.register(app, people);
    await oauthModule.register(app, people);
  }
  await eventsModule.register(app, { events });

  // Hosts, nodes, enrollment keys and peer updates (api-contract §2.2-2.5, 5.10): each service gets what it uses.
  const { serverName } = config;
  const networks = networkDirectory(networksRepository);
  const repositories = {
    tx: new HostsTransaction(database.db),
    hosts: new HostsRepository(database.db),
    nodes: new NodesRepository(database.db),
  };
  const keysRepository = new EnrollmentKeysRepository(database.db);
  // Everything for one host goes through publishToHost, which seals it with that host's traffic key.
  const messenger = new HostMessenger(
    (hostId, topic, payload) => broker.publishToHost(hostId, topic, payload),
    serverName,
    (error) => app.log.warn({ err: error }, 'MQTT publish failed'),
  );
  const describeHost = async (hostId: string) => {
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
  };
  const peerBuilder = new PeerUpdateBuilder(
    new PeersRepository(database.db),
    brokerPeerSink(broker, describeHost),
    serverName,
  );
  const peers = new PeerUpdateQueue(peerBuilder, app.log);
  const secrets = new HostSecrets();
  const addressHints = new AddressHints();
  const hostsService = new HostsService({
    ...repositories,
    networks,
    peers,
    messenger,
    events,
    brokerPresence: (hostId) => broker.isAgentConnected(hostId),
  });
  const agents: AgentService = new AgentService(
    { ...repositories, networks, peers, peerBuilder, messenger, events, tokens, secrets, serverName },
    hostsService,
  );
  const registration = new RegistrationService({
    ...repositories,
    keys: keysRepository,
    networks,
    peers,
    events,
    secrets,
    addressHints,
  });
  const nodesService = new NodesService({ ...repositories, networks, peers, messenger, events, serverName });
  const findRelay = async (nodeId: string) => {
    const node = await repositories.nodes.findById(nodeId);
    return node && { network: node.network, isRelay: nodeSettings(node).isrelay };
  };
  const networkUsage = new NodesNetworkUsage(repositories.nodes);
  const keyring = connectBrokerToHosts(broker, { ...repositories, agents, events, serverName });
  const lists = new ReadCache();
  followHostChanges(events, {
    lists,
    keyring,
    secrets,
    peerVersions: peerBuilder.versions,
    addressHints,
    peers,
    networkUsage,
  });

  await app.register(
    networksRoutes(
      new NetworksService(networksRepository, rolesModule.withNetworkIdentity(networkUsage), events),
    ),
  );
  await app.register(
    enrollmentKeysRoutes(
      new EnrollmentKeysService(keysRepository, networks, findRelay, events),
      apiHostResolver(config.publicApiUrl),
    ),
  );
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
  await app.register(nodesRoutes(nodesService, lists));
  const listRepositories = {
    nodeRows: new NodeListRepository(database.db, database.engine),
    hostRows: new HostListRepository(database.db, database.engine),
    hosts: repositories.hosts,
  };
  await app.register(consoleListRoutes(listRepositories, networks, lists));

  // Remote access (api-contract §2.3 createingress, §2.7, §2.13): gateways and external clients.
  const remoteAccess = createRemoteAccess(
    { ...repositories, networks, events, peers, messenger, serverName },
    new ExtClientsRepository(database.db),
    new ExtClientsTransaction(database.db),
  );
  await app.register(remoteAccess.routes);
  // Relays, egress, internet gateways and failover (issue 31): node roles that change peers.
  await registerRouting(app, {
    db: database.db,
    edition: config.edition,
    networks,
    events,
    peers,
    nodeViews: {
      api: (row, network) => presentApiNode(row, network, serverName, new Date()),
      raw: (row, network) => presentRawNode(row, network, serverName),
      sendNode: (row, network) => messenger.sendNode(presentRawNode(row, network, serverName)),
    },
  });
  if (config.edition === 'pro') {
    const getNetwork = async (netid: string) => {
      const row = await networksRepository.findByNetId(netid);
      return row && presentNetwork(row);
    };
    await app.register(remoteAccess.userRoutes({ getUser: users.getUser, getNetwork }));
  }

  const lag = installMetrics(app, {
    peerQueueDepth: () => peers.depth,
    peerTotals: () => peers.totals,
    peerVersionsTracked: () => peerBuilder.versions.size,
  });
  app.decorate('meshdeck', {
    database,
    broker,
    config,
    events,
    peerVersions: peerBuilder.versions,
    peerQueue: peers,
    lag,
  });

  await installAgentFiles(app, config.agentDir);
  const fallback = await installStaticConsole(app, config.consoleDir);
  installNotFound(app, fallback);
  return app;
}
