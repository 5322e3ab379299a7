import type { Edition } from '@meshdeck/contracts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import { defaultGroupRows, platformRoleRows } from './platform-roles.ts';
import { createNetworkIdentity } from './network-identity.ts';

/**
 * Start-up seeding (api-contract §7.2): the edition's platform roles, the global network roles and groups on Pro,
 * and the default roles and groups of networks created before this feature existed. Idempotent.
 */
export async function seedIdentity(
  store: IdentityStore,
  edition: Edition,
  networkIds: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  await store.write(async (repos) => {
    await repos.roles.insertMissing(platformRoleRows(edition));
    await repos.groups.insertMissing(defaultGroupRows(now));
    for (const netid of networkIds) await createNetworkIdentity(repos, netid, now);
  });
}
