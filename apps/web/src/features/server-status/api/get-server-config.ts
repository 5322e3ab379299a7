import { fromYesNo, serverConfigSchema } from '@meshdeck/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { serverStatusKeys } from './server-status-keys.ts';

/** Only what the console shows; the rest of getconfig is never kept in the client (features §6.7). */
const serverConfigSubsetSchema = serverConfigSchema.pick({ Version: true, IsPro: true });

export interface ServerInfo {
  version: string;
  isPro: boolean;
}

/** GET server/getconfig (bearer): PascalCase keys on the wire, a small clean object here. */
export async function getServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
  const config = await apiClient.get('server/getconfig', { schema: serverConfigSubsetSchema, signal });
  return { version: config.Version, isPro: fromYesNo(config.IsPro) };
}

export const serverInfoQueryOptions = () =>
  queryOptions({
    queryKey: serverStatusKeys.config(),
    queryFn: ({ signal }) => getServerInfo(signal),
    staleTime: 60_000,
  });
