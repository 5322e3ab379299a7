import type { ChangeEvent, EventResource } from '@meshdeck/contracts';
import { canSeeEverything, canSeeNetwork, type Principal } from '../../auth/access.ts';

/** Resources whose routes only platform admins (and auditors) may read: nobody else hears about their changes. */
const PLATFORM_ADMIN_ONLY: ReadonlySet<EventResource> = new Set([
  'hosts',
  'enrollment-keys',
  'users',
  'roles',
  'groups',
  'invites',
]);

/**
 * Whether a change announcement may go to this caller: the same rule as the read routes. Platform admins and
 * auditors see everything; other users only changes of networks they hold a role in (a network event names the
 * network by id, others by `network`) and changes of their own user, and never other changes without a network.
 */
export function canSeeEvent(principal: Principal, event: ChangeEvent): boolean {
  if (principal.kind !== 'user') return false;
  if (canSeeEverything(principal) || isAboutSelf(principal, event)) return true;
  // Every signed-in console shows the product name and colours (GET /api/v1/branding is public).
  if (event.resource === 'branding') return true;
  if (PLATFORM_ADMIN_ONLY.has(event.resource)) return false;
  const networkId = event.resource === 'networks' ? event.id : event.network;
  return networkId !== undefined && canSeeNetwork(principal, networkId);
}

/**
 * A change of the caller's own user (role, groups, network roles, deletion): every user hears it, so an open
 * console re-reads what it may do without signing in again (decision 032).
 */
export const isAboutSelf = (principal: Principal, event: ChangeEvent): boolean =>
  principal.kind === 'user' && event.resource === 'users' && event.id === principal.username;

// setTimeout fires at once for delays over 2^31-1 ms (about 24.8 days), shorter than the longest session.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `onExpired` once `expiresAt` (epoch ms) has passed; returns the cancel function. */
export function whenExpired(expiresAt: number, onExpired: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      onExpired();
      return;
    }
    timer = setTimeout(arm, Math.min(remaining, MAX_TIMER_MS));
  };
  arm();
  return () => clearTimeout(timer);
}
