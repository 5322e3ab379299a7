import { z } from 'zod';
import {
  allResourcesId,
  type PeopleRole,
  type PermissionScope,
  type updateRoleInputSchema,
} from './roles.ts';

/**
 * The resource types a network role's per-resource permissions are offered for (api-contract §3.11, v0.30
 * names). Left out on purpose: `networks`, `enrollment_key` and `users`, whose requests RBAC always judges by the
 * platform role (§8.3), so a network role's grant on them would do nothing; and `metrics`, which RBAC always
 * allows, so a switch for it would promise a restriction the server does not make.
 */
export const networkRoleResources = [
  'hosts',
  'relays',
  'egress',
  'inet_gw',
  'remote_access_gw',
  'extclients',
  'dns',
  'acl',
  'tag',
  'fail_over',
] as const;
export type NetworkRoleResource = (typeof networkRoleResources)[number];

/** The scopes RBAC maps HTTP methods to (GET read, POST create, PUT update, DELETE delete). */
export const crudScopes = ['read', 'create', 'update', 'delete'] as const;
export type CrudScope = (typeof crudScopes)[number];

/** Per resource type, the scopes granted on every resource of that type in the role's network. */
export type ResourcePermissions = Partial<Record<string, CrudScope[]>>;

/** Read on every resource type a network role can name: the "read-only" preset of the role form. */
export const readOnlyPermissions = (): ResourcePermissions =>
  Object.fromEntries(networkRoleResources.map((type) => [type, ['read'] as CrudScope[]]));

/** What the network-role form produces. */
export interface NetworkRoleInput {
  /** Empty when creating; the server assigns it (v1.5) or takes the name (v0.30). */
  id: string;
  name: string;
  description: string;
  networkId: string;
  hasFullAccess: boolean;
  /** Remote-access gateway node ids the role may connect through. */
  remoteAccessGatewayIds: string[];
  /** Scopes on all resources of each type; ignored with full access. */
  permissions: ResourcePermissions;
}

const noScopes = {
  create: false,
  read: false,
  update: false,
  delete: false,
  vpn_access: false,
  self_only: false,
};
const ownClientScopes = {
  ...noScopes,
  create: true,
  read: true,
  update: true,
  delete: true,
  self_only: true,
};
const vpnScopes = { ...noScopes, read: true, vpn_access: true };

/** Body of POST / PUT /api/v1/users/role as the console sends it (the server parses it with updateRoleInputSchema). */
export type NetworkRoleBody = z.input<typeof updateRoleInputSchema> & {
  id: string;
  name: string;
  network_level_access: Record<string, Record<string, PermissionScope>>;
};

const scopesOf = (granted: readonly CrudScope[]): PermissionScope => ({
  ...noScopes,
  ...Object.fromEntries(granted.map((scope) => [scope, true])),
});

/**
 * Maps the form to the wire role: each resource type with a scope gets an `all_<type>` grant; each chosen gateway
 * gets read and VPN access; and, as the v0.30 dashboard built it, VPN users may manage their own client configs
 * unless the role sets its own scopes on clients (one `all_extclients` entry holds either, not both).
 */
export function toNetworkRoleBody(input: NetworkRoleInput): NetworkRoleBody {
  const access: Record<string, Record<string, PermissionScope>> = {};
  for (const [type, granted] of Object.entries(input.permissions)) {
    if (granted && granted.length > 0) access[type] = { [allResourcesId(type)]: scopesOf(granted) };
  }
  if (input.remoteAccessGatewayIds.length > 0) {
    access.remote_access_gw = {
      ...access.remote_access_gw,
      ...Object.fromEntries(input.remoteAccessGatewayIds.map((id) => [id, { ...vpnScopes }])),
    };
    access.extclients ??= { all_extclients: { ...ownClientScopes } };
  }
  return {
    id: input.id || input.name.trim(),
    name: input.name.trim(),
    meta_data: input.description,
    network_id: input.networkId,
    full_access: input.hasFullAccess,
    deny_dashboard_access: false,
    network_level_access: input.hasFullAccess ? {} : access,
  };
}

/** The gateways a network role grants VPN access through, read back from its permissions. */
export const remoteAccessGatewayIdsOf = (role: PeopleRole): string[] =>
  role.permissions
    .filter(
      (row) =>
        row.resourceType === 'remote_access_gw' &&
        row.resourceId !== allResourcesId('remote_access_gw') &&
        row.scopes.vpn_access,
    )
    .map((row) => row.resourceId);

/** The per-type scopes a role grants on all resources of a type, read back for the form (owner-bound ones left out). */
export function resourcePermissionsOf(role: PeopleRole): ResourcePermissions {
  const result: ResourcePermissions = {};
  for (const row of role.permissions) {
    if (row.resourceId !== allResourcesId(row.resourceType) || row.scopes.self_only) continue;
    const granted = crudScopes.filter((scope) => row.scopes[scope]);
    if (granted.length > 0) result[row.resourceType] = granted;
  }
  return result;
}

/**
 * Meshdeck addition to GET /api/v1/users?username= when a user reads itself: per network key (a netid or
 * `all_networks`), per resource type, the scopes its network roles grant on every resource of that type. The
 * console offers a write control only where the caller holds its scope; the server checks every request anyway.
 */
export const networkPermissionsSchema = z.record(
  z.string().max(256),
  z.record(z.string().max(64), z.array(z.enum(crudScopes)).max(crudScopes.length)),
);
export type NetworkPermissions = z.infer<typeof networkPermissionsSchema>;
