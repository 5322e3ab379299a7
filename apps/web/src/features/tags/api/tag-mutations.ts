import type { CreateTagInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/features/access-control/access-control.public.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

// Tags name policies' sides and nodes' memberships: the policies list shows their names too.
const keys = (networkId: string) => [accessKeys.tags(networkId), accessKeys.acls(networkId)];

export const useCreateTag = (networkId: string) =>
  // Judged on ?network= (the route finds its network in the body; api-contract §1.4).
  useResourceMutation(
    (body: CreateTagInput) => apiClient.post('v1/tags', body, { query: { network: body.network } }),
    keys(networkId),
  );

export const useDeleteTag = (networkId: string) =>
  useResourceMutation(
    (tagId: string) => apiClient.delete('v1/tags', { query: { tag_id: tagId } }),
    keys(networkId),
  );
