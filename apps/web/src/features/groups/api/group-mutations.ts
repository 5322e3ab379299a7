import { toGroupWire, type GroupInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { peopleKeys } from '@/lib/api/people-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/** POST v1/users/group with its members in the same request, so a group never exists half-filled. */
export const useCreateGroup = () =>
  useResourceMutation(
    (input: GroupInput) =>
      apiClient.post('v1/users/group', { user_group: toGroupWire(input), members: input.members }),
    [peopleKeys.all],
  );

/** PUT v1/users/group; members travel with the group so removing one does not re-save that user (features §6.4). */
export const useUpdateGroup = () =>
  useResourceMutation(
    (input: GroupInput) => apiClient.put('v1/users/group', { ...toGroupWire(input), members: input.members }),
    [peopleKeys.all],
  );

export const useDeleteGroup = () =>
  useResourceMutation(
    (groupId: string) => apiClient.delete('v1/users/group', { query: { group_id: groupId } }),
    [peopleKeys.all],
  );
