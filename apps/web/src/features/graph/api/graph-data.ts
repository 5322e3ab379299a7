import { apiExtClientSchema, metricsByNodeSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient, type ResponseParser } from '@/lib/api-client.ts';
import { nodeListSource } from '@/lib/api/node-list.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';
import type { GraphClient } from '../graph-model.ts';

/**
 * Keys start with the resource the server announces (lib/use-live-updates.ts): a `metrics` event re-reads the
 * network's metrics (the graph recolours; no timer polls), an `extclients` change re-reads the clients.
 */
export const graphKeys = {
  metrics: (networkId: string) => ['metrics', networkId] as const,
  clients: (networkId: string) => ['extclients', networkId, 'graph'] as const,
};
const net = (networkId: string) => encodeURIComponent(networkId);

/** Validates the first client only: 10,000 clients are not re-validated one by one (decision 013). */
const clientsParser: ResponseParser<GraphClient[]> = {
  parse: (data: unknown) => {
    if (!Array.isArray(data)) throw new Error('not a client list');
    if (data.length > 0) apiExtClientSchema.parse(data[0]);
    return (data as { clientid: string; ingressgatewayid: string; enabled: boolean }[]).map((client) => ({
      id: client.clientid,
      name: client.clientid,
      gatewayId: client.ingressgatewayid,
      isEnabled: client.enabled,
    }));
  },
};

/** What the graph draws: the network's nodes (the nodes page's live list), its clients and its latest metrics. */
export function useGraphData(networkId: string) {
  const source = useMemo(() => nodeListSource(networkId), [networkId]);
  const nodes = useQuery(listQueryOptions(source));
  const metrics = useQuery({
    queryKey: graphKeys.metrics(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics/${net(networkId)}`, { schema: metricsByNodeSchema, signal }),
  });
  const clients = useQuery({
    queryKey: graphKeys.clients(networkId),
    queryFn: ({ signal }) => apiClient.get(`extclients/${net(networkId)}`, { schema: clientsParser, signal }),
  });
  return { nodes, metrics, clients };
}
