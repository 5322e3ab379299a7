import {
  ingressGwUsersSchema,
  peopleUserWireSchema,
  toPeopleUser,
  type PeopleUser,
} from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { peopleKeys } from '@/lib/api/people-queries.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';
import { extClientsKeys } from './ext-client-keys.ts';

/** GET users/ingress/{gatewayId}: the users attached to a remote-access gateway (pro). */
export async function getGatewayUsers(gatewayId: string, signal?: AbortSignal): Promise<PeopleUser[]> {
  const wire = await apiClient.get(`users/ingress/${encodeURIComponent(gatewayId)}`, {
    schema: ingressGwUsersSchema,
    signal,
  });
  // Each user is read as leniently as the people pages read them.
  return wire.users.map((user) => toPeopleUser(peopleUserWireSchema.parse(user)));
}

export const useGatewayUsers = (gatewayId: string) =>
  useQuery({
    queryKey: extClientsKeys.gatewayUsers(gatewayId),
    queryFn: ({ signal }) => getGatewayUsers(gatewayId, signal),
  });

const accessPath = (username: string, gatewayId: string) =>
  `users/${encodeURIComponent(username)}/remote_access_gw/${encodeURIComponent(gatewayId)}`;

/**
 * POST (attach) or DELETE (detach) users/{username}/remote_access_gw/{gatewayId}; detaching also deletes the
 * user's clients on that gateway (api-contract §2.13), so the client lists refresh too.
 */
export const useSetGatewayUser = () =>
  useResourceMutation(
    ({ username, gatewayId, isAttached }: { username: string; gatewayId: string; isAttached: boolean }) =>
      isAttached
        ? apiClient.post(accessPath(username, gatewayId))
        : apiClient.delete(accessPath(username, gatewayId)),
    [peopleKeys.all, extClientsKeys.lists],
  );
