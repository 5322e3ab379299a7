import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client.ts';

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

/**
 * The sign-in page's check, once per visit and without the query cache (which /login does not load, issue 8).
 * Undefined until answered, and when the server cannot be reached: the form still shows, the error comes on submit.
 */
export function useSuperAdminCheck(): boolean | undefined {
  const [answer, setAnswer] = useState<boolean>();
  useEffect(() => {
    const controller = new AbortController();
    getHasSuperAdmin(controller.signal).then(setAnswer, () => undefined);
    return () => controller.abort();
  }, []);
  return answer;
}
