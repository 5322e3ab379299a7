import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18next } from '@/i18n/index.ts';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';
import type { ClientFormValues } from '../components/client-form-rules.ts';
import { GATEWAY_DEFAULTS } from '../components/gateway-form-rules.ts';
import type { ClientRow } from './client-row.ts';
import { createClient, toClientBody } from './ext-client-mutations.ts';
import { extClientsKeys } from './ext-client-keys.ts';
import { clientPath } from './ext-clients.ts';
import { createGateway } from './gateway-mutations.ts';

export interface SaveClientInput {
  networkId: string;
  values: ClientFormValues;
  client: ClientRow | undefined;
  isPromoting: boolean;
}

/**
 * Creates (promoting the chosen node to gateway first when needed) or updates a client; answers the client's
 * id. The promotion and the creation are two calls of the contract: when the second fails, the message says
 * the gateway now exists, so a retry picks it instead of promoting again.
 */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ networkId, values, client, isPromoting }: SaveClientInput): Promise<string> => {
      if (client) {
        const body = toClientBody({ ...values, publicKey: '' }, client.isEnabled);
        await apiClient.put(clientPath(client.network, client.clientId), body);
        return body.clientid || client.clientId;
      }
      if (isPromoting)
        await createGateway(networkId, values.gatewayId, {
          dns: values.gatewayDns,
          mtu: GATEWAY_DEFAULTS.mtu,
          keepalive: GATEWAY_DEFAULTS.keepalive,
          metadata: '',
          isInternetGateway: values.isInternetGateway,
        });
      try {
        const created = (await createClient(networkId, values.gatewayId, values)) as
          { clientid?: unknown } | undefined;
        return typeof created?.clientid === 'string' ? created.clientid : values.clientId;
      } catch (error) {
        if (!isPromoting || !(error instanceof ApiError)) throw error;
        throw new ApiError({
          kind: error.kind,
          status: error.status,
          path: error.path,
          message: i18next.t('remoteAccess:clients.promotedButFailed', { message: error.message }),
        });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: extClientsKeys.lists }),
        queryClient.invalidateQueries({ queryKey: nodesKeys.all }),
      ]),
  });
}
