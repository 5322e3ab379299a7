/**
 * Building blocks of the routes' `validateSearch` functions. They are plain functions, not zod: the route
 * tree ships in the boot chunk every page downloads, and zod (even zod/mini, 20 KiB gzip with TanStack Query
 * beside it) would put a schema library on /login that no signed-out page needs. A malformed parameter is
 * dropped (undefined), never an error page. Forms and API answers keep the contracts' zod schemas.
 */

/** Reads one search parameter: its value when valid, undefined otherwise. */
export type SearchField<T> = (value: unknown) => T | undefined;

/**
 * A free-text parameter. The router's parser turns `?search=5` into the number 5 and `?search=true` into a
 * boolean, so scalars are read back as the text the user typed.
 */
export const searchText: SearchField<string> = (value) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

/** One of a fixed set of values, or nothing when absent or unknown. */
export const searchEnum =
  <const T extends readonly [string, ...string[]]>(values: T): SearchField<T[number]> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T[number]) : undefined;

/** A `?sort=` value: one of `keys`, or `-key` for descending order. */
export type SortParam<K extends string> = K | `-${K}`;

/** A sort parameter over the given column keys, or nothing when absent or unknown. */
export const searchSort =
  <const K extends string>(keys: readonly K[]): SearchField<SortParam<K>> =>
  (value) =>
    typeof value === 'string' && (keys as readonly string[]).includes(value.replace(/^-/, ''))
      ? (value as SortParam<K>)
      : undefined;

/** A yes/no flag such as `?edit=true` (the router's parser already reads `true` as a boolean). */
export const searchFlag: SearchField<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

type SearchOf<S extends Record<string, SearchField<unknown>>> = {
  [K in keyof S]?: S[K] extends SearchField<infer T> ? T : never;
};

/** A route's `validateSearch`: each known parameter read by its field; unknown ones are left out. */
export const searchObject =
  <S extends Record<string, SearchField<unknown>>>(fields: S) =>
  (search: Record<string, unknown>): SearchOf<S> => {
    const result: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(search[key]);
      if (value !== undefined) result[key] = value;
    }
    return result as SearchOf<S>;
  };

/** Search text and sort column of a plain list page (`?search=`, `?sort=name` or `-name`), kept in the URL. */
export const listSearchSchema = searchObject({ search: searchText, sort: searchText });
export type ListSearch = ReturnType<typeof listSearchSchema>;
