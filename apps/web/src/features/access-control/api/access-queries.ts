import {
  accessAssertionSchema,
  aclSchema,
  envelopeSchema,
  tagListItemSchema,
  type AccessAssertionWire,
  type Acl,
  type TagListItem,
} from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';

/**
 * Reads of a network's access control (issue 32), shared by the access-control, old-ACL and tag pages and the
 * DENY notice on the nodes page. Keys start with the resource the server announces (`acls`, `tags`), so the
 * change stream refreshes them.
 */
export const accessKeys = {
  acls: (networkId: string) => ['acls', 'policies', networkId] as const,
  assertions: (networkId: string) => ['acls', 'assertions', networkId] as const,
  matrix: (networkId: string) => ['acls', 'matrix', networkId] as const,
  tags: (networkId: string) => ['tags', networkId] as const,
};

const aclsSchema = envelopeSchema(z.array(aclSchema));
const assertionsSchema = envelopeSchema(z.array(accessAssertionSchema));
const tagsSchema = envelopeSchema(z.array(tagListItemSchema).nullable());

/** GET v1/acls?network=: the network's policies, its default ones included. */
export async function getAcls(networkId: string, signal?: AbortSignal): Promise<Acl[]> {
  const wire = await apiClient.get('v1/acls', { query: { network: networkId }, schema: aclsSchema, signal });
  return wire.Response;
}

/** GET v1/acls/assertions?network=: the network's "must reach" / "must not reach" checks. */
export async function getAssertions(networkId: string, signal?: AbortSignal): Promise<AccessAssertionWire[]> {
  const wire = await apiClient.get('v1/acls/assertions', {
    query: { network: networkId },
    schema: assertionsSchema,
    signal,
  });
  return wire.Response;
}

/** GET v1/tags?network= (Pro): the network's tags with their members and how many policies use each. */
export async function getTags(networkId: string, signal?: AbortSignal): Promise<TagListItem[]> {
  const wire = await apiClient.get('v1/tags', { query: { network: networkId }, schema: tagsSchema, signal });
  return wire.Response ?? [];
}

export const aclsQueryOptions = (networkId: string) =>
  queryOptions({ queryKey: accessKeys.acls(networkId), queryFn: ({ signal }) => getAcls(networkId, signal) });

export const useAcls = (networkId: string, isEnabled = true) =>
  useQuery({ ...aclsQueryOptions(networkId), enabled: isEnabled });

export const useAssertions = (networkId: string) =>
  useQuery({
    queryKey: accessKeys.assertions(networkId),
    queryFn: ({ signal }) => getAssertions(networkId, signal),
  });

/** Tags exist on Pro servers only; a community server has no tag routes, so nothing is asked there. */
export const useTags = (networkId: string, isEnabled = true) =>
  useQuery({
    queryKey: accessKeys.tags(networkId),
    queryFn: ({ signal }) => getTags(networkId, signal),
    enabled: isEnabled,
  });

/**
 * True when no node may reach another yet (a DENY network before its first policy): All Nodes is off and no policy
 * of the admin's own is on. The other default policies (gateways, remote users) never open node-to-node access.
 */
export const isNothingAllowed = (acls: readonly Acl[]): boolean =>
  !acls.some((acl) => acl.enabled && (!acl.default || acl.id.endsWith('.all-nodes')));
