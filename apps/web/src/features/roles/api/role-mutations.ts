import { toNetworkRoleBody, type NetworkRoleInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { peopleKeys } from '@/lib/api/people-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/** POST v1/users/role: only network roles can be created (api-contract §2.13). */
export const useCreateNetworkRole = () =>
  useResourceMutation(
    (input: NetworkRoleInput) => apiClient.post('v1/users/role', toNetworkRoleBody(input)),
    [peopleKeys.all],
  );

export const useUpdateNetworkRole = () =>
  useResourceMutation(
    (input: NetworkRoleInput) => apiClient.put('v1/users/role', toNetworkRoleBody(input)),
    [peopleKeys.all],
  );

export const useDeleteRole = () =>
  useResourceMutation(
    (roleId: string) => apiClient.delete('v1/users/role', { query: { role_id: roleId } }),
    [peopleKeys.all],
  );
