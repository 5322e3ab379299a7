import { envelopeSchema, toSessionUser, userWithRoleSchema } from '@meshdeck/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { endSession } from './logout.ts';
import { useSession } from './session.ts';

const currentUserResponseSchema = envelopeSchema(userWithRoleSchema);

/**
 * Re-reads the signed-in user and its platform role (GET v1/users?username=, as at sign-in) and stores them, so a
 * role or group change an admin made shows in this console at once: menus, write controls and pages follow the
 * new permissions without signing in again (decision 032). A role that may no longer use the console ends the
 * session, as its sign-in would have been refused.
 */
export async function refreshSessionUser(queryClient: QueryClient): Promise<void> {
  const { token, username } = useSession.getState();
  if (!token || !username) return;
  const { Response: user } = await apiClient.get('v1/users', {
    query: { username },
    schema: currentUserResponseSchema,
  });
  // Signed out, or in as someone else, while the answer was on its way.
  if (useSession.getState().token !== token) return;
  if (user.platform_role.deny_dashboard_access) {
    endSession(queryClient);
    return;
  }
  useSession.setState({ user: toSessionUser(user), platformRole: user.platform_role });
}
