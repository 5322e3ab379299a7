import {
  networkSchema,
  toNetwork,
  toNetId,
  toYesNo,
  NETWORK_DEFAULTS,
  type Network,
} from '@meshdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { networksKeys } from '@/lib/networks-query.ts';

/** The create-network form's values, which toCreateNetworkBody turns into the POST body. */
export interface CreateNetworkValues {
  name: string;
  isIpv4: boolean;
  addressRange: string;
  isIpv6: boolean;
  addressRange6: string;
  /** 'yes' = ALLOW, 'no' = DENY; empty until chosen would fail the required rule. */
  defaultAcl: 'yes' | 'no' | '';
}

/**
 * The POST networks body from the form (spec §5): the name becomes the netid (trimmed, spaces to hyphens,
 * lower case), numbers travel as numbers and flags as "yes"/"no". Ranges of a switched-off family are empty.
 */
export function toCreateNetworkBody(values: CreateNetworkValues) {
  const netid = toNetId(values.name);
  return {
    netid,
    name: netid,
    addressrange: values.isIpv4 ? values.addressRange.trim() : '',
    addressrange6: values.isIpv6 ? values.addressRange6.trim() : '',
    isipv4: toYesNo(values.isIpv4),
    isipv6: toYesNo(values.isIpv6),
    defaultacl: values.defaultAcl === 'no' ? 'no' : 'yes',
    defaultudpholepunch: NETWORK_DEFAULTS.defaultudpholepunch,
    defaultkeepalive: NETWORK_DEFAULTS.defaultkeepalive,
    defaultmtu: NETWORK_DEFAULTS.defaultmtu,
    defaultlistenport: NETWORK_DEFAULTS.defaultlistenport,
  };
}

/** POST networks; on success the new network is put in the cached list at once, before the stream says so. */
export function useCreateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CreateNetworkValues): Promise<Network> =>
      toNetwork(await apiClient.post('networks', toCreateNetworkBody(values), { schema: networkSchema })),
    onSuccess: async (network) => {
      queryClient.setQueryData<Network[]>(networksKeys.list(), (list) =>
        [...(list ?? []).filter((item) => item.netId !== network.netId), network].sort((a, b) =>
          a.netId.localeCompare(b.netId),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: networksKeys.all });
    },
  });
}
