import { redirect } from '@tanstack/react-router';
import { useSession } from '@/lib/session.ts';

/**
 * beforeLoad of the user-management pages: only platform admins manage people (spec §6), so anyone else is
 * sent to the dashboard instead of meeting a page whose every call the server would refuse.
 */
export function requireAdmin(): void {
  if (!useSession.getState().user?.isAdmin) redirect({ to: '/dashboard', replace: true, throw: true });
}
