import type { AccessMap } from '../../auth/builtin-roles.ts';
import type { Grants, NetworkRoleGrant } from '../../auth/rbac.ts';
import type { RolesRepository } from './roles.repository.ts';
import type { ActiveUser } from '../../plugins/auth.ts';
import type { IdentityRepositories } from '../../stores/identity.repository.ts';
import type { UserRow } from '../users/users.public.ts';

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** Turns a user's platform role, groups and direct network roles into the grants RBAC evaluates. */
export class GrantsResolver {
  constructor(
    private readonly roles: RolesRepository,
    private readonly groups: IdentityRepositories['groups'],
  ) {}

  /** Resolves one user's grants (three small queries); unknown groups and roles grant nothing. */
  async resolve(user: UserRow): Promise<Grants> {
    const groupRows = await this.groups.findByIds(parse<string[]>(user.user_group_ids, []));
    // {network key -> role ids}: the user's groups first, then its own v0.30 network_roles map.
    const assignments: [string, string][] = [];
    for (const source of [...groupRows.map((group) => group.network_roles), user.network_roles]) {
      for (const [networkId, roleIds] of Object.entries(parse<Record<string, string[]>>(source, {}))) {
        for (const roleId of roleIds) assignments.push([networkId, roleId]);
      }
    }
    const roleRows = await this.roles.findByIds([
      ...new Set([user.platform_role_id, ...assignments.map(([, roleId]) => roleId)]),
    ]);
    const byId = new Map(roleRows.map((row) => [row.id, row]));
    const platform = byId.get(user.platform_role_id);
    const networkRoles: NetworkRoleGrant[] = [];
    for (const [networkId, roleId] of assignments) {
      const role = byId.get(roleId);
      // A network role only counts where it belongs: its own network, or anywhere for all_networks roles.
      if (
        !role ||
        role.network_id === '' ||
        (role.network_id !== 'all_networks' && role.network_id !== networkId)
      )
        continue;
      networkRoles.push({
        roleId,
        networkId,
        fullAccess: role.full_access === 1,
        access: parse<AccessMap>(role.network_level_access, {}),
      });
    }
    return {
      platformRoleId: user.platform_role_id,
      fullAccess: platform?.full_access === 1,
      globalAccess: parse<AccessMap>(platform?.global_level_access ?? '{}', {}),
      networkRoles,
    };
  }
}

/** The auth plugin's user loader: an active user with its token generation and resolved grants. */
export function activeUserLoader(users: IdentityRepositories['users'], resolver: GrantsResolver) {
  return async (username: string): Promise<ActiveUser | undefined> => {
    const user = await users.findByUsername(username);
    if (!user || user.account_disabled === 1) return undefined;
    return {
      platformRoleId: user.platform_role_id,
      groupIds: parse<string[]>(user.user_group_ids, []),
      tokenGeneration: user.token_generation,
      grants: await resolver.resolve(user),
    };
  };
}
