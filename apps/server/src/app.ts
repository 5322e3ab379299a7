import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenService } from './auth/tokens.ts';
import { startBroker, type BrokerHandle } from './broker/broker.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { installAgentFiles } from './plugins/agent-files.ts';
import { installAuth } from './plugins/auth.ts';
import { installErrorHandling, installNotFound } from './plugins/errors.ts';
import { installOpenApi } from './plugins/openapi.ts';
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
import { consoleListRoutes } from './modules/hosts/console-lists.module.ts';
import { HostListRepository } from './modules/hosts/host-list.repository.ts';
import { createDevices } from './modules/hosts/devices.module.ts';
import { DevicesTransaction } from './modules/hosts/devices-transaction.repository.ts';
import { HostsRepository } from './modules/hosts/hosts.repository.ts';
import { networkDirectory } from './modules/nodes/network-directory.ts';
import { NodesRepository } from './modules/nodes/nodes.repository.ts';
import { NodeListRepository } from './modules/nodes/node-list.repository.ts';
import { PeersRepository } from './modules/peers/peers.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and broker this app owns; tests use them to simulate outages. */
    meshdeck: { database: DatabaseHandle; broker: BrokerHandle; config: Config; events: EventBus };
  }
}

export type App = FastifyInstance;

/** Settings key of the HS256 secret generated at first start. */
export const JWT_SECRET_KEY = 'jwt_secret';

/** Builds the whole server (database, broker, plugins, routes) without listening; closing the app releases all. */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Join tokens (base64 JSON, api-contract §2.5) travel as a path parameter and exceed the default 100 chars.
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let broker: BrokerHandle;
  try {
    broker = await startBroker(config, app.log);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const events = new EventBus();
  app.decorate('meshdeck', { database, broker, config, events });
  app.addHook('onClose', async () => {
    await broker.close();
    await database.destroy();
  });

  const settings = new SettingsRepository(database.db);
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
  installAuth(app, {
    tokens,
    masterKey: config.masterKey,
    findActiveUser: (username) => usersService.findActiveUser(username),
  });
  await app.register(helmet, { contentSecurityPolicy: false });
  await app.register(cors, {
    origin: config.corsAllowedOrigin === '*' ? true : config.corsAllowedOrigin.split(',').map((o) => o.trim()),
    allowedHeaders: ['Content-Type', 'Authorization', 'From-Ui', 'X-Application-Name', 'X-Requested-With'],
    methods: ['GET', 'PUT', 'POST', 'DELETE'],
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
  const listRepositories = { nodeRows: new NodeListRepository(database.db), hostRows: new HostListRepository(database.db), hosts: new HostsRepository(database.db) };
  await app.register(consoleListRoutes(listRepositories, networkDirectory(networksRepository)));

  await installAgentFiles(app, config.agentDir);
  const fallback = await installStaticConsole(app, config.consoleDir);
  installNotFound(app, fallback);
  return app;
}
