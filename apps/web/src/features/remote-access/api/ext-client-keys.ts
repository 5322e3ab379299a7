import { LIST_KEY } from '@/lib/list/live-list.ts';

/**
 * Query keys of the remote-access feature. The client lists start with LIST_KEY (lib/list): they are patched
 * or re-read by the change stream's `extclients` announcements, never by the resource-prefix invalidation.
 */
export const extClientsKeys = {
  lists: [LIST_KEY, 'extclients'] as const,
  /** One network's clients, or every network's (`undefined`, the /clients page). */
  list: (networkId: string | undefined) => [...extClientsKeys.lists, networkId ?? '*'] as const,
  config: (networkId: string, clientId: string) => ['extclients', 'config', networkId, clientId] as const,
  gatewayUsers: (gatewayId: string) => ['users', 'ingress', gatewayId] as const,
};
