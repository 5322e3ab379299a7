import { searchObject, searchText } from '@/lib/search-fields.ts';

/**
 * The routing pages' URL state (features §3.13-3.15), their routes' `validateSearch`: each page has two tables and
 * each table its own search. Zod-free: the route tree is in the boot chunk.
 */
export const relaysSearchSchema = searchObject({ relays: searchText, relayed: searchText });
export const egressSearchSchema = searchObject({
  gateways: searchText,
  ranges: searchText,
  routers: searchText,
});
export const internetGatewaysSearchSchema = searchObject({ gateways: searchText, clients: searchText });
