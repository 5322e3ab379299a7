import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import { apiHostResolver } from '../../lib/api-host.ts';
import type { NetworkDirectory } from '../nodes/nodes.public.ts';
import { EnrollmentKeysRepository } from './enrollment-keys.repository.ts';
import { enrollmentKeysRoutes } from './enrollment-keys.routes.ts';
import { EnrollmentKeysService, type RelayLookup } from './enrollment-keys.service.ts';

export { withNetworkKeys } from './network-keys.ts';

/** What the enrollment-keys module uses. */
export interface EnrollmentKeysModuleDeps {
  config: Config;
  database: DatabaseHandle;
  networks: NetworkDirectory;
  events: EventBus;
  /** Whether a node is a relay (the nodes module's answer). */
  findRelay: RelayLookup;
}

/** Enrollment keys (api-contract §2.5). */
export async function register(app: ModuleApp, deps: EnrollmentKeysModuleDeps): Promise<void> {
  const { config, database, networks, events, findRelay } = deps;
  const keys = new EnrollmentKeysService(
    new EnrollmentKeysRepository(database.db),
    networks,
    findRelay,
    events,
  );
  await app.register(enrollmentKeysRoutes(keys, apiHostResolver(config.publicApiUrl)));
}
