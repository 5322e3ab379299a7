import { toInviteUsersBody, type InviteInput, type PeopleInvite } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { getInvites, peopleKeys } from '@/lib/api/people-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/**
 * POST v1/users/invite answers no invites (api-contract §2.13), so the created ones are read back from the
 * list: the dialog's second step must show each link for the admin to copy even when no email goes out.
 */
export async function inviteUsers(input: InviteInput): Promise<PeopleInvite[]> {
  await apiClient.post('v1/users/invite', toInviteUsersBody(input));
  const wanted = new Set(input.emails.map((email) => email.toLowerCase()));
  const invites = await getInvites();
  return invites.filter((invite) => wanted.has(invite.email.toLowerCase()));
}

export const useInviteUsers = () => useResourceMutation(inviteUsers, [peopleKeys.invites()]);

export const useDeleteInvite = () =>
  useResourceMutation(
    (email: string) => apiClient.delete('v1/users/invite', { query: { invitee_email: email } }),
    [peopleKeys.invites()],
  );

export const useDeleteAllInvites = () =>
  useResourceMutation(() => apiClient.delete('v1/users/invites'), [peopleKeys.invites()]);
