import { apiClient } from '@/lib/api-client.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';
import type { ClientRow } from './client-row.ts';
import { extClientsKeys } from './ext-client-keys.ts';
import { clientPath } from './ext-clients.ts';

/** What the create / edit client dialog edits (checklist §3.12 "Create Client Config"). */
export interface ClientEdit {
  clientId: string;
  publicKey: string;
  dns: string;
  extraAllowedIps: string[];
  postUp: string;
  postDown: string;
}

/**
 * The CustomExtClient body (api-contract §3.5). Never the private key: the server keeps it, so an edit cannot
 * send a stale or blanked one back (checklist §6.4). Empty optional fields are left out.
 */
export function toClientBody(edit: ClientEdit, enabled: boolean) {
  return {
    clientid: edit.clientId.trim(),
    ...(edit.publicKey.trim() ? { publickey: edit.publicKey.trim() } : {}),
    dns: edit.dns.trim(),
    extraallowedips: edit.extraAllowedIps.map((entry) => entry.trim()).filter(Boolean),
    postup: edit.postUp,
    postdown: edit.postDown,
    enabled,
  };
}

/** The edit of an existing client as its row holds it (the enabled switch sends it back unchanged). */
export const rowToEdit = (row: ClientRow): ClientEdit => ({
  clientId: row.clientId,
  publicKey: row.publicKey,
  dns: row.dns.join(', '),
  extraAllowedIps: row.extraAllowedIps,
  postUp: row.postUp,
  postDown: row.postDown,
});

// A new client can add a peer to its gateway's node; both lists refresh.
const clientKeys = [extClientsKeys.lists, nodesKeys.all] as const;

/** POST extclients/{network}/{gatewayNodeId}. */
export const createClient = (network: string, gatewayId: string, edit: ClientEdit) =>
  apiClient.post(
    `extclients/${encodeURIComponent(network)}/${encodeURIComponent(gatewayId)}`,
    toClientBody(edit, true),
  );

/** PUT extclients/{network}/{clientid} with `enabled` switched and the rest of the client as it is. */
export const useSetClientEnabled = () =>
  useResourceMutation(
    ({ client, enabled }: { client: ClientRow; enabled: boolean }) =>
      apiClient.put(
        clientPath(client.network, client.clientId),
        toClientBody({ ...rowToEdit(client), publicKey: '' }, enabled),
      ),
    clientKeys,
  );

/** DELETE extclients/{network}/{clientid}. */
export const useDeleteClient = () =>
  useResourceMutation(
    (client: ClientRow) => apiClient.delete(clientPath(client.network, client.clientId)),
    clientKeys,
  );

type ConfigTarget = Pick<ClientRow, 'network' | 'clientId'>;

/**
 * GET extclients/{network}/{clientid}/file: the wg-quick config text (saved as `<clientid>.conf`);
 * `preferredIp` picks which of the gateway's public addresses the config's Endpoint uses.
 */
export const getClientConfig = (
  client: ConfigTarget,
  preferredIp: string | undefined,
  signal?: AbortSignal,
) =>
  apiClient.get<string>(`${clientPath(client.network, client.clientId)}/file`, {
    responseType: 'text',
    query: { preferredip: preferredIp || undefined },
    signal,
  });

/** GET extclients/{network}/{clientid}/qr: the config as a PNG QR code (without PostUp / PostDown). */
export const getClientQr = (client: ConfigTarget, preferredIp: string | undefined, signal?: AbortSignal) =>
  apiClient.get<Blob>(`${clientPath(client.network, client.clientId)}/qr`, {
    responseType: 'blob',
    query: { preferredip: preferredIp || undefined },
    signal,
  });
