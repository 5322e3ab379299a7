import type { ChangeEvent } from '@meshdeck/contracts';
import { networkDefaultGroups, networkDefaultRoles } from '../../auth/builtin-roles.ts';
import type { NetworkUsage, NetworkTransaction } from '../networks/networks.public.ts';
import { IdentityStore, type IdentityRepositories } from '../../stores/identity.repository.ts';
import { groupRowOf, roleRowOf } from './platform-roles.ts';

/** Creates a network's admin and user roles and groups (api-contract §8.2); existing ones are left alone. */
export async function createNetworkIdentity(
  repos: IdentityRepositories,
  netid: string,
  now: string,
): Promise<void> {
  await repos.roles.insertMissing(networkDefaultRoles(netid).map((role) => roleRowOf(role)));
  await repos.groups.insertMissing(networkDefaultGroups(netid).map((group) => groupRowOf(group, now)));
}

/**
 * Removes everything people-related that names the network: its roles (default and custom), its default groups,
 * its entries in custom groups, and the users' memberships and direct roles, so a network created later under
 * the same name starts with nobody in it.
 */
export async function deleteNetworkIdentity(
  repos: IdentityRepositories,
  netid: string,
  now: string,
): Promise<void> {
  const roleIds = await repos.roles.idsOfNetwork(netid);
  const defaultGroupIds = networkDefaultGroups(netid).map((group) => group.id);
  for (const group of await repos.groups.listAll()) {
    const map = JSON.parse(group.network_roles) as Record<string, string[]>;
    if (!(netid in map) || defaultGroupIds.includes(group.id)) continue;
    delete map[netid];
    await repos.groups.update({ ...group, network_roles: JSON.stringify(map), updated_at: now });
  }
  await repos.groups.deleteByIds(defaultGroupIds);
  await repos.roles.deleteByIds(roleIds);
  const affected = new Map(
    [
      ...(await repos.users.listInGroups(defaultGroupIds)),
      ...(await repos.users.listWithNetworkRoles(netid)),
    ].map((user) => [user.username, user]),
  );
  for (const user of affected.values()) {
    const groups = (JSON.parse(user.user_group_ids) as string[]).filter(
      (id) => !defaultGroupIds.includes(id),
    );
    const networkRoles = JSON.parse(user.network_roles) as Record<string, string[]>;
    delete networkRoles[netid];
    await repos.users.update(user.username, { groupIds: groups, networkRoles }, now);
  }
}

/** Wraps the nodes module's NetworkUsage so network create and delete also handle roles and groups, in the same transaction. */
export function withNetworkIdentity(usage: NetworkUsage): NetworkUsage {
  return {
    countNodes: (netid, trx) => usage.countNodes(netid, trx),
    countNodesByNetwork: () => usage.countNodesByNetwork(),
    async createNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
      const changes = await usage.createNetworkMembers(netid, trx);
      await createNetworkIdentity(IdentityStore.within(trx), netid, new Date().toISOString());
      return [
        ...changes,
        { resource: 'roles', action: 'created' },
        { resource: 'groups', action: 'created' },
      ];
    },
    async deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
      const changes = await usage.deleteNetworkMembers(netid, trx);
      await deleteNetworkIdentity(IdentityStore.within(trx), netid, new Date().toISOString());
      return [
        ...changes,
        { resource: 'roles', action: 'deleted' },
        { resource: 'groups', action: 'deleted' },
      ];
    },
  };
}
