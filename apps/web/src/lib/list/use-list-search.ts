import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';

/**
 * A text search parameter: the router's default parser turns `?search=123` into a number, which is still a
 * search for "123"; anything else invalid is dropped rather than breaking the page (an old link must work).
 */
export const searchTextParam = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string())
  .optional()
  .catch(undefined);

/** An enum parameter that falls back to "unset" when the URL holds an unknown value. */
export const enumParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/**
 * A list page's filters and sort, read from the URL through the route's zod schema (the same schema is the
 * route's `validateSearch`), and a setter that replaces the history entry so typing does not flood Back.
 */
export function useListSearch<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const values = useMemo<z.output<S>>(() => schema.parse(raw), [schema, raw]);
  const setValues = useCallback(
    (patch: Partial<Record<keyof z.output<S>, string | undefined>>) => {
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
