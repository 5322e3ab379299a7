import type { BrokerHandle } from '../../broker/broker.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { serverRoutes } from './server.routes.ts';
import { ServerService } from './server.service.ts';

/** What the server module uses: the configuration, and the database and broker it reports on. */
export interface ServerModuleDeps {
  config: Config;
  database: DatabaseHandle;
  broker: BrokerHandle;
}

/** Server health, status and configuration (api-contract §2.1). */
export async function register(
  app: ModuleApp,
  { config, database, broker }: ServerModuleDeps,
): Promise<void> {
  const service = new ServerService(config, {
    isDatabaseHealthy: () => database.isHealthy(),
    isBrokerConnected: () => broker.isConnected(),
    databaseEngine: database.engine,
    brokerUrl: broker.publicUrl,
  });
  await app.register(serverRoutes(service, config.publicApiUrl));
}
