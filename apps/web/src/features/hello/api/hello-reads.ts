import { listPageSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';

/**
 * The counts the getting-started checklist ticks from that no other page reads alone. Keys start with the resource
 * the server announces (`nodes`, `extclients`), so the change stream ticks a step as soon as it is done.
 */
const net = (networkId: string) => encodeURIComponent(networkId);

/** How many remote-access gateways the network has (one lean row read; the page's total counts them all). */
export const useGatewayCount = (networkId: string | undefined) =>
  useQuery({
    queryKey: ['nodes', 'hello-gateways', networkId] as const,
    queryFn: async ({ signal }) => {
      const page = await apiClient.get(`console/nodes/${net(networkId ?? '')}`, {
        query: { type: 'ingress', limit: 1 },
        schema: listPageSchema(z.unknown()),
        signal,
      });
      return page.total;
    },
    enabled: networkId !== undefined,
  });

/** How many remote-access clients (configs) the network has. */
export const useClientCount = (networkId: string | undefined) =>
  useQuery({
    queryKey: ['extclients', 'hello-count', networkId] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get(`extclients/${net(networkId ?? '')}`, { schema: z.array(z.unknown()), signal }))
        .length,
    enabled: networkId !== undefined,
  });
