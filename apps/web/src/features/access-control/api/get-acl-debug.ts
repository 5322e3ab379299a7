import { aclDebugSchema, envelopeSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/features/access-control/api/access-queries.ts';

const debugSchema = envelopeSchema(aclDebugSchema);

/**
 * GET v1/acls/debug?node=&peer=: why one node can (or cannot) reach another: what flows each way, the matrix cell
 * deciding the pair if any, and the enabled policies matching it. Asked only once two different nodes are picked;
 * kept under the network's acls key so a policy or matrix change asks again.
 */
export const useAclDebug = (networkId: string, node: string | null, peer: string | null) =>
  useQuery({
    queryKey: [...accessKeys.acls(networkId), 'debug', node, peer] as const,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('v1/acls/debug', {
          query: { node: node ?? '', peer: peer ?? '' },
          schema: debugSchema,
          signal,
        })
      ).Response,
    enabled: node !== null && peer !== null && node !== peer,
  });
