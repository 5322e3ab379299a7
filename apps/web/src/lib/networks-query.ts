import { useQuery } from '@tanstack/react-query';
import { networksQueryOptions } from './networks-query-options.ts';

export { getNetworks, hasNetwork, networksKeys, networksQueryOptions } from './networks-query-options.ts';

/** The signed-in user's networks, from the query cache (lib/networks-query-options.ts says where they come from). */
export const useNetworks = () => useQuery(networksQueryOptions());
