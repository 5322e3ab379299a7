import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { searchEnum, searchText } from '@/lib/search-fields.ts';

/** A text search parameter (`?search=123` arrives as a number and is still a search for "123"). */
export const searchTextParam = searchText;

/** An enum parameter that falls back to "unset" when the URL holds an unknown value. */
export const enumParam = searchEnum;

/**
 * A list page's filters and sort, read from the URL through the route's search parser (the same function is the
 * route's `validateSearch`), and a setter that replaces the history entry so typing does not flood Back.
 */
export function useListSearch<T extends Record<string, unknown>>(
  schema: (search: Record<string, unknown>) => T,
) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const values = useMemo<T>(() => schema(raw), [schema, raw]);
  const setValues = useCallback(
    (patch: Partial<Record<keyof T, string | undefined>>) => {
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
