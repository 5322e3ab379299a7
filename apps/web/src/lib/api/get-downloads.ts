import { clientDownloadsSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';

/** GET v1/downloads (Meshdeck): the agent files this server offers, with their sha256 digests. */
export const useClientDownloads = () =>
  useQuery({
    queryKey: ['server', 'downloads'],
    queryFn: () => apiClient.get('v1/downloads', { schema: clientDownloadsSchema }),
    staleTime: 5 * 60 * 1000,
  });
