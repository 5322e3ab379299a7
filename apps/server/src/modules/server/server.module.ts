import type { BrokerHandle } from '../../broker/broker.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { Licensing } from '../licenses/licenses.public.ts';
import { serverRoutes } from './server.routes.ts';
import { ServerService } from './server.service.ts';

/** What the server module uses: the configuration, and the database and broker it reports on. */
export interface ServerModuleDeps {
  config: Config;
  database: DatabaseHandle;
  broker: BrokerHandle;
  /** The licence state the status answer reports (licenses module). */
  licensing: Licensing;
}

/** Server health, status and configuration (api-contract §2.1). */
export async function register(
  app: ModuleApp,
  { config, database, broker, licensing }: ServerModuleDeps,
): Promise<void> {
  const service = new ServerService(config, {
    isDatabaseHealthy: () => database.isHealthy(),
    isBrokerConnected: () => broker.isConnected(),
    databaseEngine: database.engine,
    brokerUrl: broker.publicUrl,
    license: () => licensing.status(),
  });
  await app.register(serverRoutes(service, config.publicApiUrl));
}
