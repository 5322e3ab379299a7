import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

export type UrlSearchValue = string | undefined;

/**
 * Reads and writes a page's own search parameters (filters, sort, search text) in the URL, so a filtered view
 * survives a reload and can be shared. Reads the raw location, so it works whether or not the route
 * declares these parameters; writes replace the history entry, so typing does not flood the back button.
 */
export function useUrlSearch<K extends string>(names: readonly K[]) {
  const raw = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const navigate = useNavigate();
  const key = names.join('|');

  const values = useMemo(() => {
    const result = {} as Record<K, UrlSearchValue>;
    // The router's default parser turns "5" into a number; the pages want text.
    for (const name of key.split('|') as K[]) {
      const value = raw[name];
      if (value === undefined || value === null || value === '') result[name] = undefined;
      else result[name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return result;
  }, [raw, key]);

  const setValues = useCallback(
    (patch: Partial<Record<K, UrlSearchValue>>) => {
      void navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous };
          for (const [name, value] of Object.entries(patch)) {
            if (value === undefined || value === '') delete next[name];
            else next[name] = value;
          }
          return next;
        },
      } as Parameters<typeof navigate>[0]);
    },
    [navigate],
  );

  return [values, setValues] as const;
}
