import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenService } from './auth/tokens.ts';
import { startBroker, type BrokerHandle } from './broker/broker.ts';
import { BROKER_SECRET_KEY } from './broker/broker-credentials.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
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
import { EventBus } from './modules/events/event-bus.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { NetworksRepository } from './modules/networks/networks.repository.ts';
import { networksRoutes } from './modules/networks/networks.routes.ts';
import { presentNetwork } from './modules/networks/networks.presenter.ts';
import { NetworksService } from './modules/networks/networks.service.ts';
import { serverRoutes } from './modules/server/server.routes.ts';
import { ServerService } from './modules/server/server.service.ts';
import { SettingsRepository } from './modules/server/settings.repository.ts';
import { RolesRepository } from './modules/users/roles.repository.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { UsersAdminService } from './modules/users/users-admin.service.ts';
import { IdentityStore } from './modules/users/identity.repository.ts';
import { AccessTokensService } from './modules/access-tokens/access-tokens.service.ts';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.ts';
import { activeUserLoader, GrantsResolver } from './modules/roles/grants.ts';
import { withNetworkIdentity } from './modules/roles/network-identity.ts';
import { seedIdentity } from './modules/roles/seed.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { GroupsService } from './modules/groups/groups.service.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { InvitesService } from './modules/invites/invites.service.ts';
import { createMailer } from './modules/invites/mailer.ts';
import { PendingUsersService } from './modules/invites/pending-users.service.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { OAuthService } from './modules/oauth/oauth.service.ts';
import { openIdProvider } from './modules/oauth/oidc-client.ts';
import { EnrollmentKeysRepository } from './modules/enrollment-keys/enrollment-keys.repository.ts';
import { consoleListRoutes } from './modules/hosts/console-lists.module.ts';
import { HostListRepository } from './modules/hosts/host-list.repository.ts';
import { createDevices } from './modules/hosts/devices.module.ts';
import { DevicesTransaction } from './modules/hosts/devices-transaction.repository.ts';
import { HostsRepository } from './modules/hosts/hosts.repository.ts';
import { networkDirectory } from './modules/nodes/network-directory.ts';
import { NodesRepository } from './modules/nodes/nodes.repository.ts';
import type { PeerUpdateQueue } from './modules/peers/peer-update-queue.ts';
import type { PeerVersions } from './modules/peers/peer-versions.ts';
import { NodeListRepository } from './modules/nodes/node-list.repository.ts';
import { PeersRepository } from './modules/peers/peers.repository.ts';
import { ExtClientsRepository } from './modules/ext-clients/ext-clients.repository.ts';
import { ExtClientsTransaction } from './modules/ext-clients/ext-clients-transaction.repository.ts';

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

  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
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
  app.log.info({ url: config.mqtt.url ?? broker.publicUrl, embedded: broker.isEmbedded }, 'using MQTT broker');
  const events = new EventBus();
  app.addHook('onClose', async () => {
    await broker.close();
    await database.destroy();
  });
  // Agents are answered on the broker only once they can also pull over HTTP (issue 19).
  app.addHook('onListen', () => broker.open());

  const secret = await settings.getOrCreate(JWT_SECRET_KEY, randomBytes(48).toString('base64url').slice(0, 64));
  const tokens = new TokenService(secret, config.jwtValidityMinutes);
  const usersService = new UsersService(
    new UsersRepository(database.db),
    new RolesRepository(database.db),
    tokens,
    config.edition,
  );
  const networksRepository = new NetworksRepository(database.db);
  const identity = new IdentityStore(database.db);
  await seedIdentity(identity, config.edition, (await networksRepository.listAll()).map((network) => network.netid));
  const accessTokens = new AccessTokensService(identity, tokens, config.publicApiUrl ?? config.serverName);
  const serverService = new ServerService(config, {
    isDatabaseHealthy: () => database.isHealthy(),
    isBrokerConnected: () => broker.isConnected(),
    databaseEngine: database.engine,
    brokerUrl: broker.publicUrl,
  });

  installErrorHandling(app);
  installRequestGuards(app);
  // Before auth: a request refused by the auth hook must still leave with the security headers.
  await installSecurityHeaders(app, config.corsAllowedOrigins);
  installAuth(app, {
    tokens,
    masterKey: config.masterKey,
    findActiveUser: activeUserLoader(identity.read.users, new GrantsResolver(identity.read.roles, identity.read.groups)),
    useAccessToken: (id, username) => accessTokens.use(id, username),
  });
  await app.register(rateLimit, { global: false });
  await installTransferOptimisations(app);
  await installOpenApi(app);

  await app.register(serverRoutes(serverService, config.publicApiUrl));
  const usersAdmin = new UsersAdminService(identity, config.edition, events);
  await app.register(usersRoutes(usersService, usersAdmin, config.loginRateLimitPerMinute));
  await app.register(accessTokensRoutes(accessTokens));
  const networkExists = async (netid: string) => (await networksRepository.findByNetId(netid)) !== undefined;
  await app.register(rolesRoutes(new RolesService(identity, config.edition, networkExists, events), config.edition === 'pro'));
  if (config.edition === 'pro') {
    await app.register(groupsRoutes(new GroupsService(identity, events)));
    const invites = new InvitesService(identity, config.edition, events, createMailer(config.smtp.url, config.smtp.from), app.log);
    await app.register(invitesRoutes(invites, new PendingUsersService(identity, events), config.frontendUrl, config.loginRateLimitPerMinute));
    const oauth = config.oidc && new OAuthService(identity, tokens, openIdProvider(config.oidc), config.oidc.allowedDomains, config.edition, events, app.log);
    await app.register(oauthRoutes(oauth, { publicApiUrl: config.publicApiUrl, frontendUrl: config.frontendUrl }, config.loginRateLimitPerMinute));
  }
  await app.register(eventsRoutes(events));
  const devices = createDevices({
    repositories: {
      tx: new DevicesTransaction(database.db),
      hosts: new HostsRepository(database.db),
      nodes: new NodesRepository(database.db),
      keys: new EnrollmentKeysRepository(database.db),
      peers: new PeersRepository(database.db),
      extClients: new ExtClientsRepository(database.db),
      extClientsTx: new ExtClientsTransaction(database.db),
    },
    networks: networkDirectory(networksRepository),
    events,
    tokens,
    broker,
    config,
    log: app.log,
  });
  const networksService = new NetworksService(networksRepository, withNetworkIdentity(devices.networkUsage), events);
  await app.register(networksRoutes(networksService));
  if (config.edition === 'pro') {
    await app.register(devices.remoteAccess.userRoutes({ getUser: (name) => usersAdmin.get(name), getNetwork: async (netid) => {
      const row = await networksRepository.findByNetId(netid);
      return row && presentNetwork(row);
    } }));
  }
  await app.register(devices.routes);
  const lag = installMetrics(app, {
    peerQueueDepth: () => devices.peers.depth,
    peerTotals: () => devices.peers.totals,
    peerVersionsTracked: () => devices.builder.versions.size,
  });
  app.decorate('meshdeck', { database, broker, config, events, peerVersions: devices.builder.versions, peerQueue: devices.peers, lag });
  const listRepositories = { nodeRows: new NodeListRepository(database.db), hostRows: new HostListRepository(database.db), hosts: new HostsRepository(database.db) };
  await app.register(consoleListRoutes(listRepositories, networkDirectory(networksRepository)));

  await installAgentFiles(app, config.agentDir);
  const fallback = await installStaticConsole(app, config.consoleDir);
  installNotFound(app, fallback);
  return app;
}
