import {
  accessImpactSchema,
  envelopeSchema,
  gatewaysTagId,
  type AccessImpact,
  type TagListItem,
  type UpdateTagInput,
} from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { accessKeys } from '@/features/access-control/access-control.public.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';
import { LIST_KEY } from '@/lib/list/live-list.ts';

const impactSchema = envelopeSchema(accessImpactSchema);

// The tag routes find their network in the body and are judged on ?network= (api-contract §1.4): without it a caller
// whose role is in this network only is judged globally and refused.
const inNetwork = (networkId: string | null | undefined) =>
  networkId ? { query: { network: networkId } } : undefined;

/** POST v1/tags/preview: what the same PUT (members, rename) would change in who reaches whom. */
export async function previewTag(body: UpdateTagInput): Promise<AccessImpact> {
  const wire = await apiClient.post('v1/tags/preview', body, {
    ...inNetwork(body.network),
    schema: impactSchema,
  });
  return wire.Response;
}

/**
 * PUT v1/tags: replaces a tag's members (and name). Tags name policies' sides and nodes' memberships, so the
 * policies, the node lists and the node details follow.
 */
export const useUpdateTag = (networkId: string) =>
  useResourceMutation(
    (body: UpdateTagInput) => apiClient.put('v1/tags', body, inNetwork(body.network ?? networkId)),
    [accessKeys.tags(networkId), accessKeys.acls(networkId), nodesKeys.all, [LIST_KEY, 'nodes', networkId]],
  );

/** The automatic gateways tag follows a node's gateway role: nobody adds or removes it by hand (§3.8). */
export const isAutomaticTag = (tagId: string, networkId: string): boolean =>
  tagId === gatewaysTagId(networkId);

/** The PUT body that adds `memberId` to `tag` (or takes it off), keeping every other member. */
export function tagMembersWith(tag: TagListItem, memberId: string, isMember: boolean): UpdateTagInput {
  const others = tag.tagged_nodes.map((node) => node.id).filter((id) => id !== memberId);
  return {
    id: tag.id,
    tag_name: tag.tag_name,
    network: tag.network,
    tagged_nodes: (isMember ? [...others, memberId] : others).map((id) => ({ id })),
  };
}
