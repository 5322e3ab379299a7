import {
  accessImpactSchema,
  envelopeSchema,
  type AccessImpact,
  type CreateTagInput,
  type UpdateTagInput,
} from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/lib/api/access-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

const impactSchema = envelopeSchema(accessImpactSchema);
// Tags name policies' sides and nodes' memberships: the policies list shows their names too.
const keys = (networkId: string) => [accessKeys.tags(networkId), accessKeys.acls(networkId)];

/** POST v1/tags/preview: what the same PUT (members, rename) would change in who reaches whom. */
export async function previewTag(body: UpdateTagInput): Promise<AccessImpact> {
  const wire = await apiClient.post('v1/tags/preview', body, { schema: impactSchema });
  return wire.Response;
}

export const useCreateTag = (networkId: string) =>
  useResourceMutation((body: CreateTagInput) => apiClient.post('v1/tags', body), keys(networkId));

export const useUpdateTag = (networkId: string) =>
  useResourceMutation((body: UpdateTagInput) => apiClient.put('v1/tags', body), keys(networkId));

export const useDeleteTag = (networkId: string) =>
  useResourceMutation(
    (tagId: string) => apiClient.delete('v1/tags', { query: { tag_id: tagId } }),
    keys(networkId),
  );
