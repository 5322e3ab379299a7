import {
  envelopeSchema,
  peopleUserWireSchema,
  toPeopleUser,
  toPeopleUserBody,
  type PeopleUser,
} from '@meshdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { peopleKeys } from '@/lib/api/people-queries.ts';

const profileKey = (username: string) => [...peopleKeys.all, 'profile', username] as const;

/** GET v1/users?username= : the signed-in user's own record (allowed for self, api-contract §2.12). */
export const getProfile = async (username: string, signal?: AbortSignal): Promise<PeopleUser> => {
  const wire = await apiClient.get('v1/users', {
    query: { username },
    schema: envelopeSchema(peopleUserWireSchema),
    signal,
  });
  return toPeopleUser(peopleUserWireSchema.parse(wire.Response));
};

export const useProfile = (username: string) =>
  useQuery({ queryKey: profileKey(username), queryFn: ({ signal }) => getProfile(username, signal) });

/** PUT users/{username} with the user's own fields unchanged, the new password and the current one. */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      user,
      password,
      currentPassword,
    }: {
      user: PeopleUser;
      password: string;
      currentPassword: string;
    }) =>
      apiClient.put(`users/${encodeURIComponent(user.username)}`, {
        ...toPeopleUserBody({
          username: user.username,
          password,
          platformRoleId: user.platformRoleId,
          groupIds: user.groupIds,
          networkRoles: user.networkRoles,
        }),
        current_password: currentPassword,
      }),
    onSettled: (_data, _error, { user }) =>
      queryClient.invalidateQueries({ queryKey: profileKey(user.username) }),
  });
}
