import type { CreateIngressInput, UpdateNodeInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';
import { extClientsKeys } from './ext-client-keys.ts';

/** What the add / update gateway dialogs edit (checklist §3.12). */
export interface GatewaySettings {
  dns: string;
  mtu: number;
  keepalive: number;
  metadata: string;
  isInternetGateway: boolean;
}

const nodePath = (network: string, nodeId: string) =>
  `nodes/${encodeURIComponent(network)}/${encodeURIComponent(nodeId)}`;
// Removing a gateway removes its clients too, so both lists refresh.
const gatewayKeys = [nodesKeys.all, extClientsKeys.lists] as const;

/** The createingress body of api-contract §2.3. */
export const toCreateIngressBody = (settings: GatewaySettings): CreateIngressInput => ({
  extclientdns: settings.dns.trim(),
  is_internet_gw: settings.isInternetGateway,
  metadata: settings.metadata,
  persistentkeepalive: settings.keepalive,
  mtu: settings.mtu,
});

/** POST nodes/{net}/{node}/createingress: makes a Linux node a remote-access gateway. */
export const createGateway = (network: string, nodeId: string, settings: GatewaySettings) =>
  apiClient.post(`${nodePath(network, nodeId)}/createingress`, toCreateIngressBody(settings));

export const useCreateGateway = () =>
  useResourceMutation(
    ({ network, nodeId, settings }: { network: string; nodeId: string; settings: GatewaySettings }) =>
      createGateway(network, nodeId, settings),
    gatewayKeys,
  );

/**
 * PUT nodes/{net}/{node} with the gateway fields only: the server applies the fields sent, so an edit cannot
 * overwrite what another admin changed elsewhere on the node meanwhile (checklist §6.4).
 */
export const toGatewayUpdateBody = (
  settings: Omit<GatewaySettings, 'isInternetGateway'> & { additionalEndpoints: string[] },
): UpdateNodeInput => ({
  ingressdns: settings.dns.trim(),
  ingressmtu: settings.mtu,
  ingresspersistentkeepalive: settings.keepalive,
  metadata: settings.metadata,
  additional_rag_ips: settings.additionalEndpoints,
});

export const useUpdateGateway = () =>
  useResourceMutation(
    ({ network, nodeId, body }: { network: string; nodeId: string; body: UpdateNodeInput }) =>
      apiClient.put(nodePath(network, nodeId), body),
    gatewayKeys,
  );

/** DELETE nodes/{net}/{node}/deleteingress: the node stops being a gateway and its clients are removed. */
export const useDeleteGateway = () =>
  useResourceMutation(
    ({ network, nodeId }: { network: string; nodeId: string }) =>
      apiClient.delete(`${nodePath(network, nodeId)}/deleteingress`),
    gatewayKeys,
  );
