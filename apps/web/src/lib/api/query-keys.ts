/**
 * Query keys of the mesh resources. Each key starts with the resource name the server announces over the
 * change stream, so the live-update hook refreshes every view of a resource by invalidating that prefix.
 */
export const hostsKeys = {
  all: ['hosts'] as const,
  list: () => [...hostsKeys.all, 'list'] as const,
};

export const nodesKeys = {
  all: ['nodes'] as const,
  list: () => [...nodesKeys.all, 'list'] as const,
  ofNetwork: (networkId: string) => [...nodesKeys.all, 'network', networkId] as const,
};

export const enrollmentKeysKeys = {
  all: ['enrollment-keys'] as const,
  list: () => [...enrollmentKeysKeys.all, 'list'] as const,
};

export { networksKeys } from '@/lib/networks-query.ts';
