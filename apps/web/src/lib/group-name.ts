import type { PeopleGroup } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';

/**
 * A group's name as the console shows it. The server's default groups carry English names it made up
 * ("All Networks Admin Group", "<net> Admin Group"); they are product text, so they are shown in the active
 * language, found by their fixed ids. A group someone created keeps the name they gave it.
 */
export function groupName(
  t: TFunction<'people'>,
  group: Pick<PeopleGroup, 'id' | 'name' | 'isDefault'>,
): string {
  if (!group.isDefault) return group.name;
  if (group.id === 'global-network-admin-grp') return t('groups.builtin.allAdmins');
  if (group.id === 'global-network-user-grp') return t('groups.builtin.allUsers');
  const admin = /^(.+)-network-admin-grp$/.exec(group.id);
  if (admin) return t('groups.builtin.networkAdmins', { network: admin[1] });
  const user = /^(.+)-network-user-grp$/.exec(group.id);
  if (user) return t('groups.builtin.networkUsers', { network: user[1] });
  return group.name;
}
