import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

// A bare boolean needs no schema library; zod would be the only reason for it on /login.
const booleanAnswer = {
  parse(value: unknown): boolean {
    if (typeof value !== 'boolean') throw new TypeError(`expected a boolean, got ${typeof value}`);
    return value;
  },
};

/** GET users/adm/hassuperadmin answers a bare JSON boolean (api-contract §2.12). */
export const getHasSuperAdmin = (signal?: AbortSignal): Promise<boolean> =>
  apiClient.get('users/adm/hassuperadmin', { token: null, schema: booleanAnswer, signal });

export const hasSuperAdminQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.hasSuperAdmin(),
    queryFn: ({ signal }) => getHasSuperAdmin(signal),
    // Once true it stays true; an unreachable server must not block the login form behind retries.
    staleTime: Infinity,
    retry: false,
  });

export const useHasSuperAdmin = () => useQuery(hasSuperAdminQueryOptions());
