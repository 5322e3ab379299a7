import { networkSchema, toNetwork, toNetworkWire, type Network } from '@meshdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { networksKeys } from '@/lib/networks-query.ts';

/** PUT networks/{netid} with the whole network object, as the contract asks (api-contract §2.2). */
export function useUpdateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (network: Network): Promise<Network> =>
      toNetwork(
        await apiClient.put(`networks/${encodeURIComponent(network.netId)}`, toNetworkWire(network), {
          schema: networkSchema,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networksKeys.all }),
  });
}
