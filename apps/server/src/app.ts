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
import { NetworksService } from './modules/networks/networks.service.ts';
import { serverRoutes } from './modules/server/server.routes.ts';
import { ServerService } from './modules/server/server.service.ts';
import { SettingsRepository } from './modules/server/settings.repository.ts';
import { RolesRepository } from './modules/users/roles.repository.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { EnrollmentKeysRepository } from './modules/enrollment-keys/enrollment-keys.repository.ts';
import { createDevices } from './modules/hosts/devices.module.ts';
import { DevicesTransaction } from './modules/hosts/devices-transaction.repository.ts';
import { HostsRepository } from './modules/hosts/hosts.repository.ts';
import { networkDirectory } from './modules/nodes/network-directory.ts';
import { NodesRepository } from './modules/nodes/nodes.repository.ts';
import type { PeerUpdateQueue } from './modules/peers/peer-update-queue.ts';
import type { PeerVersions } from './modules/peers/peer-versions.ts';
import { PeersRepository } from './modules/peers/peers.repository.ts';

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
  await usersService.seedRoles();
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
    findActiveUser: (username) => usersService.findActiveUser(username),
  });
  await app.register(rateLimit, { global: false });
  await installTransferOptimisations(app);
  await installOpenApi(app);

  await app.register(serverRoutes(serverService, config.publicApiUrl));
  await app.register(usersRoutes(usersService, config.loginRateLimitPerMinute));
  await app.register(eventsRoutes(events));
  const networksRepository = new NetworksRepository(database.db);
  const devices = createDevices({
    repositories: {
      tx: new DevicesTransaction(database.db),
      hosts: new HostsRepository(database.db),
      nodes: new NodesRepository(database.db),
      keys: new EnrollmentKeysRepository(database.db),
      peers: new PeersRepository(database.db),
    },
    networks: networkDirectory(networksRepository),
    events,
    tokens,
    broker,
    config,
    log: app.log,
  });
  await app.register(networksRoutes(new NetworksService(networksRepository, devices.networkUsage, events)));
  await app.register(devices.routes);
  const lag = installMetrics(app, {
    peerQueueDepth: () => devices.peers.depth,
    peerTotals: () => devices.peers.totals,
    peerVersionsTracked: () => devices.builder.versions.size,
  });
  app.decorate('meshdeck', { database, broker, config, events, peerVersions: devices.builder.versions, peerQueue: devices.peers, lag });

  await installAgentFiles(app, config.agentDir);
  const fallback = await installStaticConsole(app, config.consoleDir);
  installNotFound(app, fallback);
  return app;
}
