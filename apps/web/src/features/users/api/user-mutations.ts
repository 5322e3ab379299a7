import { toPeopleUserBody, type PeopleUser, type PeopleUserInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { peopleKeys } from '@/lib/api/people-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

const userPath = (username: string) => `users/${encodeURIComponent(username)}`;

/** POST users/{username}: an admin creates a user (api-contract §2.12). */
export const createUser = (input: PeopleUserInput) =>
  apiClient.post(userPath(input.username), toPeopleUserBody(input));

/** PUT users/{username} with the whole user; the password only when it changes. */
export const updateUser = (input: PeopleUserInput) =>
  apiClient.put(userPath(input.username), toPeopleUserBody(input));

/** The user's current fields as the update body needs them, with only the password changed. */
export const withNewPassword = (user: PeopleUser, password: string): PeopleUserInput => ({
  username: user.username,
  password,
  platformRoleId: user.platformRoleId,
  groupIds: user.groupIds,
  networkRoles: user.networkRoles,
});

export const useCreateUser = () => useResourceMutation(createUser, [peopleKeys.all]);
export const useUpdateUser = () => useResourceMutation(updateUser, [peopleKeys.all]);

export const useDeleteUser = () =>
  useResourceMutation((username: string) => apiClient.delete(userPath(username)), [peopleKeys.all]);

/** POST users/adm/transfersuperadmin/{username}: the caller becomes admin, the target super admin. */
export const useTransferSuperAdmin = () =>
  useResourceMutation(
    (username: string) => apiClient.post(`users/adm/transfersuperadmin/${encodeURIComponent(username)}`),
    [peopleKeys.all],
  );

const pendingPath = (username: string) => `users_pending/user/${encodeURIComponent(username)}`;

/** What an admin chose for an approved pending user. */
export interface PendingApproval {
  username: string;
  platformRoleId: string;
  groupIds: string[];
}

/**
 * POST users_pending/user/{username} approves (the contract creates a service user), then PUT users/{username}
 * gives the role and groups the admin chose: two calls of the contract rather than a body the server may not
 * read, so the choice holds on any server that has both routes.
 */
export async function approvePending({ username, platformRoleId, groupIds }: PendingApproval): Promise<void> {
  await apiClient.post(pendingPath(username), { platform_role_id: platformRoleId });
  await apiClient.put(
    userPath(username),
    toPeopleUserBody({ username, password: '', platformRoleId, groupIds, networkRoles: {} }),
  );
}

export const useApprovePending = () => useResourceMutation(approvePending, [peopleKeys.all]);

export const useDenyPending = () =>
  useResourceMutation((username: string) => apiClient.delete(pendingPath(username)), [peopleKeys.all]);

export const useDenyAllPending = () =>
  useResourceMutation(() => apiClient.delete('users_pending'), [peopleKeys.all]);
