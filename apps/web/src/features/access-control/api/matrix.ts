import {
  accessImpactSchema,
  aclMatrixCellsSchema,
  envelopeSchema,
  type AccessImpact,
  type AclMatrixCellsInput,
} from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/features/access-control/api/access-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

const path = (networkId: string) => `networks/${encodeURIComponent(networkId)}/acls`;
const impactSchema = envelopeSchema(accessImpactSchema);

/**
 * GET networks/{net}/acls/cells: the members, the default and the cells somebody set (Meshdeck's compact read; the
 * contract's `/acls` sends every pair, about 40 MB at 1,000 nodes).
 */
export const useMatrix = (networkId: string) =>
  useQuery({
    queryKey: accessKeys.matrix(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`${path(networkId)}/cells`, { schema: aclMatrixCellsSchema, signal }),
  });

/** POST networks/{net}/acls/cells/preview: what the same PUT of /acls/cells would change; nothing is saved. */
export async function previewMatrix(networkId: string, body: AclMatrixCellsInput): Promise<AccessImpact> {
  const wire = await apiClient.post(`${path(networkId)}/cells/preview`, body, { schema: impactSchema });
  return wire.Response;
}

/** PUT networks/{net}/acls/cells: a fill (Allow all, Block all) and the changed pairs (clients included). */
export const useSaveMatrix = (networkId: string) =>
  useResourceMutation(
    (body: AclMatrixCellsInput) => apiClient.put(`${path(networkId)}/cells`, body),
    [accessKeys.matrix(networkId), accessKeys.acls(networkId)],
  );
