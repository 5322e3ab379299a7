import {
  envelopeSchema,
  peopleGroupWireSchema,
  peopleInviteWireSchema,
  peopleRoleWireSchema,
  peopleUserWireSchema,
  toPeopleGroup,
  toPeopleInvite,
  toPeopleRole,
  toPeopleUser,
  type PeopleGroup,
  type PeopleInvite,
  type PeopleRole,
  type PeopleUser,
} from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';

/**
 * Users, roles and groups are read by several features (users, groups, roles, invites, profile), which may not
 * import each other, so their queries live here. Keys start with 'users' so one invalidation refreshes all.
 */
export const peopleKeys = {
  all: ['users'] as const,
  users: () => [...peopleKeys.all, 'list'] as const,
  pending: () => [...peopleKeys.all, 'pending'] as const,
  invites: () => [...peopleKeys.all, 'invites'] as const,
  roles: (kind: 'platform' | 'network') => [...peopleKeys.all, 'roles', kind] as const,
  role: (roleId: string) => [...peopleKeys.all, 'role', roleId] as const,
  groups: () => [...peopleKeys.all, 'groups'] as const,
  group: (groupId: string) => [...peopleKeys.all, 'group', groupId] as const,
};

const usersSchema = z.array(peopleUserWireSchema).nullable();
const byName = <T extends { username: string }>(a: T, b: T) => a.username.localeCompare(b.username);

/** GET users: every user, raw array (api-contract §2.12). */
export async function getUsers(signal?: AbortSignal): Promise<PeopleUser[]> {
  const wire = await apiClient.get('users', { schema: usersSchema, signal });
  return (wire ?? []).map((user) => toPeopleUser(peopleUserWireSchema.parse(user))).sort(byName);
}

/** GET users_pending: SSO sign-ups waiting for approval (Pro). */
export async function getPendingUsers(signal?: AbortSignal): Promise<PeopleUser[]> {
  const wire = await apiClient.get('users_pending', { schema: usersSchema, signal });
  return (wire ?? []).map((user) => toPeopleUser(peopleUserWireSchema.parse(user))).sort(byName);
}

const rolesSchema = envelopeSchema(z.array(peopleRoleWireSchema).nullable());

/** GET v1/users/roles: platform roles with `platform=true`, network roles without it (Pro). */
export async function getRoles(kind: 'platform' | 'network', signal?: AbortSignal): Promise<PeopleRole[]> {
  const query = kind === 'platform' ? { platform: 'true' } : undefined;
  const wire = await apiClient.get('v1/users/roles', { schema: rolesSchema, query, signal });
  return (wire.Response ?? [])
    .map((role) => toPeopleRole(peopleRoleWireSchema.parse(role)))
    .filter((role) => role.isPlatformRole === (kind === 'platform'));
}

/** GET v1/users/role?role_id= */
export async function getRole(roleId: string, signal?: AbortSignal): Promise<PeopleRole> {
  const wire = await apiClient.get('v1/users/role', {
    schema: envelopeSchema(peopleRoleWireSchema),
    query: { role_id: roleId },
    signal,
  });
  return toPeopleRole(peopleRoleWireSchema.parse(wire.Response));
}

const groupsSchema = envelopeSchema(z.array(peopleGroupWireSchema).nullable());

/** GET v1/users/groups (Pro). */
export async function getGroups(signal?: AbortSignal): Promise<PeopleGroup[]> {
  const wire = await apiClient.get('v1/users/groups', { schema: groupsSchema, signal });
  return (wire.Response ?? [])
    .map((group) => toPeopleGroup(peopleGroupWireSchema.parse(group)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** GET v1/users/group?group_id= */
export async function getGroup(groupId: string, signal?: AbortSignal): Promise<PeopleGroup> {
  const wire = await apiClient.get('v1/users/group', {
    schema: envelopeSchema(peopleGroupWireSchema),
    query: { group_id: groupId },
    signal,
  });
  return toPeopleGroup(peopleGroupWireSchema.parse(wire.Response));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: peopleKeys.users(), queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());

export const usePendingUsers = (isEnabled = true) =>
  useQuery({
    queryKey: peopleKeys.pending(),
    queryFn: ({ signal }) => getPendingUsers(signal),
    enabled: isEnabled,
  });

/** Roles are rarely edited; five minutes of freshness spares a request per dialog opened. */
export const useRoles = (kind: 'platform' | 'network', isEnabled = true) =>
  useQuery({
    queryKey: peopleKeys.roles(kind),
    queryFn: ({ signal }) => getRoles(kind, signal),
    staleTime: 5 * 60_000,
    enabled: isEnabled,
  });

export const useRole = (roleId: string) =>
  useQuery({ queryKey: peopleKeys.role(roleId), queryFn: ({ signal }) => getRole(roleId, signal) });

export const useGroups = (isEnabled = true) =>
  useQuery({ queryKey: peopleKeys.groups(), queryFn: ({ signal }) => getGroups(signal), enabled: isEnabled });

export const useGroup = (groupId: string) =>
  useQuery({ queryKey: peopleKeys.group(groupId), queryFn: ({ signal }) => getGroup(groupId, signal) });

const invitesSchema = envelopeSchema(z.array(peopleInviteWireSchema).nullable());

/** GET v1/users/invites (Pro). */
export async function getInvites(signal?: AbortSignal): Promise<PeopleInvite[]> {
  const wire = await apiClient.get('v1/users/invites', { schema: invitesSchema, signal });
  return (wire.Response ?? [])
    .map((invite) => toPeopleInvite(peopleInviteWireSchema.parse(invite)))
    .sort((a, b) => a.email.localeCompare(b.email));
}

export const useInvites = (isEnabled = true) =>
  useQuery({
    queryKey: peopleKeys.invites(),
    queryFn: ({ signal }) => getInvites(signal),
    enabled: isEnabled,
  });
