import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHasSuperAdmin } from './super-admin-check.ts';
import { authKeys } from './auth-keys.ts';

export const hasSuperAdminQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.hasSuperAdmin(),
    queryFn: ({ signal }) => getHasSuperAdmin(signal),
    // Once true it stays true; an unreachable server must not block the login form behind retries.
    staleTime: Infinity,
    retry: false,
  });

export const useHasSuperAdmin = () => useQuery(hasSuperAdminQueryOptions());
