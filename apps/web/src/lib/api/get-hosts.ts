import { apiHostSchema } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { toHostView, type HostView } from './host-view.ts';
import { hostsKeys } from './query-keys.ts';

const hostsSchema = z.array(apiHostSchema);

/** GET hosts: every host across networks, mapped once per fetch rather than once per render. */
export async function getHosts(signal?: AbortSignal): Promise<HostView[]> {
  const hosts = await apiClient.get('hosts', { schema: hostsSchema, signal });
  return hosts.map(toHostView);
}

// No refetch interval: the server's change stream invalidates ['hosts'] when something changes.
export const hostsQueryOptions = () =>
  queryOptions({ queryKey: hostsKeys.list(), queryFn: ({ signal }) => getHosts(signal) });

export const useHosts = () => useQuery(hostsQueryOptions());

/** One host out of the shared list: the server has no single-host GET in the v0.30 surface the console uses. */
export function useHost(hostId: string | undefined) {
  return useQuery({ ...hostsQueryOptions(), select: (hosts) => hosts.find((host) => host.id === hostId) });
}
