import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/**
 * The single-sign-on provider the server is configured with, from the unauthenticated GET server/status:
 * `auth_provider` ("" or absent = none; e.g. "oidc", "google", "azure-ad"), the same value as the settings'
 * `authprovider` (api-contract §3.17). Read leniently, and without zod (the sign-in page loads none), so servers
 * without the field, or with anything but a string in it, simply show no SSO button.
 */
export const readSsoProvider = (status: unknown): string => {
  const provider = (status as { auth_provider?: unknown } | null)?.auth_provider;
  return typeof provider === 'string' ? provider : '';
};

export const getSsoProvider = async (signal?: AbortSignal): Promise<string> =>
  readSsoProvider(await apiClient.get('server/status', { token: null, signal }));

export const useSsoProvider = () =>
  useQuery({
    queryKey: [...authKeys.all, 'sso-provider'],
    queryFn: ({ signal }) => getSsoProvider(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
