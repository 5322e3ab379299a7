import { upgradeCheckSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';

/** The server reads its feed every six hours; the console asks at most once an hour. */
const UPGRADE_CHECK_STALE_MS = 60 * 60 * 1000;

/** GET v1/server/upgrade (Meshdeck): the server's comparison of its version with the release feed's newest. */
export function useUpgradeCheck(isEnabled: boolean) {
  return useQuery({
    queryKey: ['server', 'upgrade'],
    queryFn: () => apiClient.get('v1/server/upgrade', { schema: upgradeCheckSchema }),
    enabled: isEnabled,
    staleTime: UPGRADE_CHECK_STALE_MS,
    retry: false,
  });
}
