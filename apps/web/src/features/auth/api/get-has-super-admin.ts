import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** GET users/adm/hassuperadmin answers a bare JSON boolean (api-contract §2.12). */
export const getHasSuperAdmin = (signal?: AbortSignal): Promise<boolean> =>
  apiClient.get('users/adm/hassuperadmin', { token: null, schema: z.boolean(), signal });

export const hasSuperAdminQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.hasSuperAdmin(),
    queryFn: ({ signal }) => getHasSuperAdmin(signal),
    // Once true it stays true; an unreachable server must not block the login form behind retries.
    staleTime: Infinity,
    retry: false,
  });

export const useHasSuperAdmin = () => useQuery(hasSuperAdminQueryOptions());
