import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/**
 * The single-sign-on provider the server is configured with, from the unauthenticated GET server/status:
 * `auth_provider` ("" or absent = none; e.g. "oidc", "google", "azure-ad"), the same value as the settings'
 * `authprovider` (api-contract §3.17). Read leniently so servers without the field simply show no SSO button.
 */
const statusProviderSchema = z.looseObject({ auth_provider: z.string().optional().catch(undefined) });

export const getSsoProvider = async (signal?: AbortSignal): Promise<string> => {
  const status = await apiClient.get('server/status', { token: null, signal });
  return statusProviderSchema.parse(status ?? {}).auth_provider ?? '';
};

export const useSsoProvider = () =>
  useQuery({
    queryKey: [...authKeys.all, 'sso-provider'],
    queryFn: ({ signal }) => getSsoProvider(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
