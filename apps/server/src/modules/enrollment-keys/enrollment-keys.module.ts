import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import type { EnrollmentKeyUses } from './enrollment-keys.public.ts';
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

/** What the enrollment-keys module offers: the key uses host registration takes. */
export interface EnrollmentKeysModule {
  uses: EnrollmentKeyUses;
}

/** Enrollment keys (api-contract §2.5). */
export async function register(
  app: ModuleApp,
  deps: EnrollmentKeysModuleDeps,
): Promise<EnrollmentKeysModule> {
  const { config, database, networks, events, findRelay } = deps;
  const repository = new EnrollmentKeysRepository(database.db);
  const keys = new EnrollmentKeysService(repository, networks, findRelay, events);
  await app.register(enrollmentKeysRoutes(keys, apiHostResolver(config.publicApiUrl)));
  return {
    uses: {
      findByValue: (value) => repository.findByValue(value),
      takeUse: (value) => repository.takeUse(value),
    },
  };
}
