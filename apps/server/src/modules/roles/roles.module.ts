import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import { activeUserLoader, GrantsResolver } from './grants.ts';
import { rolesRoutes } from './roles.routes.ts';
import { RolesService } from './roles.service.ts';

export { seedIdentity } from './seed.ts';
export { withNetworkIdentity } from './network-identity.ts';

/** What the roles module uses. */
export interface RolesModuleDeps {
  config: Config;
  identity: IdentityStore;
  events: EventBus;
  /** Custom network roles name an existing network. */
  networkExists: (netid: string) => Promise<boolean>;
}

/** Platform and network roles (api-contract §2.11, §8.2). */
export async function register(
  app: ModuleApp,
  { config, identity, events, networkExists }: RolesModuleDeps,
): Promise<void> {
  const roles = new RolesService(identity, config.edition, networkExists, events);
  await app.register(rolesRoutes(roles, config.edition === 'pro'));
}

/** The auth plugin's user loader: an active user with its resolved grants (api-contract §8.3). */
export const activeUsers = (identity: IdentityStore) =>
  activeUserLoader(identity.read.users, new GrantsResolver(identity.read.roles, identity.read.groups));
