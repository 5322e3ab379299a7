import { fromWireSet, type WireSet } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { IdentityRepositories } from '../../stores/identity.repository.ts';

/** Checks that every group id exists; returns them de-duplicated. 400 names the first unknown one. */
export async function checkGroupIds(repos: IdentityRepositories, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await repos.groups.findByIds(unique)).map((group) => group.id));
  const unknown = unique.find((id) => !found.has(id));
  if (unknown !== undefined) throw badRequest(`user group ${unknown} does not exist`);
  return unique;
}

/**
 * Checks a {netid | all_networks: role ids} map: every role must be a network role, and a network-specific role
 * may only be given for its own network. Returns the map as plain lists.
 */
export async function checkNetworkRoles(
  repos: IdentityRepositories,
  map: Record<string, WireSet | string[]>,
): Promise<Record<string, string[]>> {
  const lists = Object.fromEntries(
    Object.entries(map).map(([networkId, roles]) => [
      networkId,
      Array.isArray(roles) ? [...new Set(roles)] : fromWireSet(roles),
    ]),
  );
  const roleIds = [...new Set(Object.values(lists).flat())];
  const byId = new Map((await repos.roles.findByIds(roleIds)).map((role) => [role.id, role]));
  for (const [networkId, ids] of Object.entries(lists)) {
    for (const id of ids) {
      const role = byId.get(id);
      if (!role) throw badRequest(`role ${id} does not exist`);
      if (role.network_id === '') throw badRequest(`role ${id} is a platform role, not a network role`);
      if (role.network_id !== 'all_networks' && role.network_id !== networkId) {
        throw badRequest(`role ${id} belongs to network ${role.network_id}, not ${networkId}`);
      }
    }
  }
  return Object.fromEntries(Object.entries(lists).filter(([, ids]) => ids.length > 0));
}
