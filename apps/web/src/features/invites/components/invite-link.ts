import type { PeopleInvite } from '@meshdeck/contracts';
import { withQuery } from '@/lib/paths.ts';

/**
 * The link to send: the server's own when it gave one, otherwise this console's /invite page, so an invite
 * can be copied even when the server does not know its public address.
 */
export const inviteLink = (invite: PeopleInvite, origin: string = window.location.origin): string =>
  invite.url || `${origin}${withQuery('/invite', { email: invite.email, invite_code: invite.code })}`;
