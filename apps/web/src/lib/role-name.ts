import type { PeopleRole } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';

/**
 * A network role's name as the console shows it. The server's built-in network roles carry English names it made
 * up ("Network Admins", "<net> Admin"); they are product text, so they are shown in the active language, found by
 * their fixed ids. A role someone created keeps the name they gave it (like groups: group-name.ts).
 */
export function roleName(
  t: TFunction<'people'>,
  role: Pick<PeopleRole, 'id' | 'name' | 'isDefault'>,
): string {
  if (!role.isDefault) return role.name;
  if (role.id === 'global-network-admin') return t('roles.builtin.allAdmins');
  if (role.id === 'global-network-user') return t('roles.builtin.allUsers');
  const admin = /^(.+)-network-admin$/.exec(role.id);
  if (admin) return t('roles.builtin.networkAdmin', { network: admin[1] });
  const user = /^(.+)-network-user$/.exec(role.id);
  if (user) return t('roles.builtin.networkUser', { network: user[1] });
  return role.name;
}
