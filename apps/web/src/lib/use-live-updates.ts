import { CHANGE_EVENT_NAME, changeEventSchema } from '@meshdeck/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from './api-client.ts';
import { applyBranding, parseBranding } from './branding.ts';
import { streamEvents } from './event-stream.ts';
import { patchLists } from './list/live-list.ts';
import { useSession } from './session.ts';
import { refreshSessionUser } from './session-user.ts';

/** The server's change stream (GET /api/v1/events). */
export const EVENTS_PATH = 'v1/events';

/**
 * Views derived from another resource: node counts per network change when nodes change; a node's status shows
 * on node and host views (details pages), which the server announces as `node-status` (decision 050); the
 * dashboard's mesh health counts both.
 */
const DERIVED_KEYS: Partial<Record<string, readonly (readonly string[])[]>> = {
  nodes: [
    ['networks', 'stats'],
    ['metrics', 'health'],
  ],
  'node-status': [['nodes'], ['hosts'], ['metrics', 'health']],
};

/**
 * Keeps every list fresh without timers: each change the server announces invalidates the queries whose key
 * starts with the resource name (['networks', ...], ['hosts', ...]), so only what changed is read again.
 * Mounted once in the signed-in layout; it stops on logout because the token goes away.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void streamEvents(
      EVENTS_PATH,
      {
        onEvent: (event) => {
          if (event.event !== CHANGE_EVENT_NAME) return;
          let payload: unknown;
          try {
            payload = JSON.parse(event.data);
          } catch {
            return;
          }
          const change = changeEventSchema.safeParse(payload);
          if (!change.success) return;
          // A change of the signed-in user itself (role, groups): the console re-reads what it may do.
          if (change.data.resource === 'users' && change.data.id === useSession.getState().username)
            void refreshSessionUser(queryClient).catch(() => undefined);
          // Branding saved in another console: read it and apply it here too, without a reload (issue 39).
          if (change.data.resource === 'branding')
            void apiClient
              .get('v1/branding')
              .then((saved) => applyBranding(parseBranding(JSON.stringify(saved))))
              .catch(() => undefined);
          // Lists patch the one changed row; other views re-read what starts with the resource name.
          patchLists(queryClient, change.data);
          void queryClient.invalidateQueries({ queryKey: [change.data.resource] });
          for (const queryKey of DERIVED_KEYS[change.data.resource] ?? [])
            void queryClient.invalidateQueries({ queryKey });
        },
        // Changes made while disconnected were never announced: refresh everything once back online.
        onOpen: (isReconnect) => {
          if (isReconnect) void queryClient.invalidateQueries();
        },
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [queryClient, token]);
}
