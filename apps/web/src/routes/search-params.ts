import * as z from 'zod/mini';

/**
 * Building blocks of the routes' `validateSearch` schemas. Routes use zod/mini: the route tree ships in the
 * boot chunk every page downloads, and mini keeps zod's full API (and its size) off /login while the
 * schemas stay zod. A malformed parameter is dropped (`catch`), never an error page.
 */

/**
 * A free-text parameter. The router's parser turns `?search=5` into the number 5 and `?search=true` into a
 * boolean, so scalars are read back as the text the user typed.
 */
export const searchText = z.optional(
  z.catch(z.optional(z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform(String))), undefined),
);

/** One of a fixed set of values, or nothing when absent or unknown. */
export const searchEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.catch(z.optional(z.enum(values)), undefined));

/** A yes/no flag such as `?edit=true` (the router's parser already reads `true` as a boolean). */
export const searchFlag = z.optional(z.catch(z.optional(z.boolean()), undefined));

/** Search text and sort column of a list page (`?search=`, `?sort=name` or `-name`), kept in the URL. */
export const listSearchSchema = z.object({ search: searchText, sort: searchText });
export type ListSearch = z.output<typeof listSearchSchema>;
