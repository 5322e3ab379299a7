import type { Edition, PlatformRoleId } from '@meshdeck/contracts';
import type { RoleRow } from './roles.repository.ts';

interface RoleSeed {
  id: PlatformRoleId;
  name: string;
  fullAccess: boolean;
  denyDashboardAccess: boolean;
  proOnly: boolean;
}

/** Built-in platform roles (api-contract §8.1). Community creates super-admin and admin; Pro adds the others. */
const seeds: RoleSeed[] = [
  { id: 'super-admin', name: 'Super Admin', fullAccess: true, denyDashboardAccess: false, proOnly: false },
  { id: 'admin', name: 'Admin', fullAccess: true, denyDashboardAccess: false, proOnly: false },
  { id: 'platform-user', name: 'Platform User', fullAccess: false, denyDashboardAccess: false, proOnly: true },
  { id: 'service-user', name: 'Service User', fullAccess: false, denyDashboardAccess: true, proOnly: true },
];

/** The platform-role rows an edition starts with. */
export function platformRoleRows(edition: Edition): RoleRow[] {
  return seeds
    .filter((seed) => edition === 'pro' || !seed.proOnly)
    .map((seed) => ({
      id: seed.id,
      name: seed.name,
      is_default: 1,
      meta_data: '',
      deny_dashboard_access: seed.denyDashboardAccess ? 1 : 0,
      full_access: seed.fullAccess ? 1 : 0,
      network_id: '',
      network_level_access: '{}',
      global_level_access: '{}',
    }));
}
