import {
  accessImpactSchema,
  envelopeSchema,
  type AccessImpact,
  type AclInput,
  type AclPreviewInput,
  type AccessAssertionInput,
} from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/features/access-control/api/access-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

const impactSchema = envelopeSchema(accessImpactSchema);
// A policy change can open or cut peers, which the nodes views do not show; the acls keys are what changes.
const aclKeys = (networkId: string) => [accessKeys.acls(networkId), accessKeys.matrix(networkId)];
// Routes that find their network in the body are judged on ?network= (api-contract §1.4, decision 046): without it a
// caller whose role is in this network only (not a platform admin) is judged globally and refused.
const inNetwork = (networkId: string) => ({ query: { network: networkId } });

/** POST v1/acls/preview: what creating, replacing and deleting these policies would change; nothing is saved. */
export async function previewPolicies(input: AclPreviewInput): Promise<AccessImpact> {
  const wire = await apiClient.post('v1/acls/preview', input, {
    ...inNetwork(input.network_id),
    schema: impactSchema,
  });
  return wire.Response;
}

/** A policy as the server takes it: a new one without `id`, a replacement with it. */
export type PolicyBody = AclInput & { id?: string };

export const useSavePolicy = (networkId: string) =>
  useResourceMutation(
    (body: PolicyBody) =>
      body.id
        ? apiClient.put('v1/acls', body, inNetwork(networkId))
        : apiClient.post('v1/acls', { ...body, id: undefined }, inNetwork(networkId)),
    aclKeys(networkId),
  );

export const useDeletePolicy = (networkId: string) =>
  useResourceMutation(
    (id: string) => apiClient.delete('v1/acls', { query: { acl_id: id } }),
    aclKeys(networkId),
  );

export const useCreateAssertion = (networkId: string) =>
  useResourceMutation(
    (body: AccessAssertionInput) => apiClient.post('v1/acls/assertions', body, inNetwork(networkId)),
    [accessKeys.assertions(networkId)],
  );

export const useDeleteAssertion = (networkId: string) =>
  useResourceMutation(
    (id: string) => apiClient.delete('v1/acls/assertions', { query: { id } }),
    [accessKeys.assertions(networkId)],
  );
