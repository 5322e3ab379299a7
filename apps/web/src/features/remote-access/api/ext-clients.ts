import { apiExtClientSchema, type ApiExtClient, type ChangeEvent } from '@meshdeck/contracts';
import { apiClient, type ResponseParser } from '@/lib/api-client.ts';
import type { LiveList } from '@/lib/list/live-list.ts';
import type { ListSource } from '@/lib/list/use-list.ts';
import { getNetworks } from '@/lib/networks-query.ts';
import { useSession } from '@/lib/session.ts';
import { toClientRow, type ClientRow } from './client-row.ts';
import { extClientsKeys } from './ext-client-keys.ts';

/**
 * Checks the answer is an array and validates its first client only: a contract drift still fails loudly,
 * while 10,000 clients are not re-validated one by one on the main thread (decision 013).
 */
const clientArrayParser: ResponseParser<ApiExtClient[]> = {
  parse: (data: unknown) => {
    if (!Array.isArray(data)) throw new Error('not a client list');
    if (data.length > 0) apiExtClientSchema.parse(data[0]);
    return data as ApiExtClient[];
  },
};

const networkPath = (network: string) => `extclients/${encodeURIComponent(network)}`;
export const clientPath = (network: string, clientId: string) =>
  `${networkPath(network)}/${encodeURIComponent(clientId)}`;

/** GET extclients/{network}, or GET extclients for every network; private keys come blanked. */
export async function getClients(networkId: string | undefined, signal?: AbortSignal): Promise<ClientRow[]> {
  if (networkId === undefined && !useSession.getState().user?.isAdmin) return getOwnClients(signal);
  const wire = await apiClient.get(networkId ? networkPath(networkId) : 'extclients', {
    schema: clientArrayParser,
    signal,
  });
  return wire.map(toClientRow);
}

/**
 * Every client a non-admin may see: GET extclients is for admins, so each of the user's networks is read
 * (the server keeps only the caller's own clients there, api-contract §8.3 `self_only`).
 */
async function getOwnClients(signal?: AbortSignal): Promise<ClientRow[]> {
  const networks = await getNetworks(signal);
  const lists = await Promise.all(networks.map((network) => getClients(network.netId, signal)));
  return lists.flat();
}

/**
 * A client change re-reads the list: the contract has no lean or by-id list route for clients, and the one-
 * client GET answers the private key, which a list must not hold.
 */
const clientListLive = (networkId: string | undefined): LiveList<ClientRow> => ({
  plan: (change: ChangeEvent, items) => {
    const concernsNetwork =
      networkId === undefined || change.network === undefined || change.network === networkId;
    if (change.resource === 'extclients' && concernsNetwork) {
      if (change.action === 'deleted' && change.id !== undefined) {
        const id = change.id;
        return { drop: (item) => item.id === id };
      }
      return 'refetch';
    }
    // A gateway removed or a network deleted takes its clients with it.
    if (change.resource === 'nodes' && change.action === 'deleted' && change.id !== undefined) {
      const id = change.id;
      return items.some((item) => item.gatewayNodeId === id)
        ? { drop: (item) => item.gatewayNodeId === id }
        : undefined;
    }
    if (change.resource === 'networks' && change.action === 'deleted') return 'refetch';
    return undefined;
  },
});

export const clientListSource = (networkId: string | undefined): ListSource<ClientRow> => ({
  queryKey: extClientsKeys.list(networkId),
  fetch: (signal) => getClients(networkId, signal),
  live: clientListLive(networkId),
});
