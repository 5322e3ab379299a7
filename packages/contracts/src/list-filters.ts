/**
 * The console lists' filter and sort vocabulary, without zod: the console's route tree validates its URLs with
 * these values and ships in the boot chunk that /login downloads, so this module must import nothing that builds
 * schemas (docs/decisions/021). lists.ts builds the list routes' zod schemas from the same values.
 */

/** The status filter values of the console (spec §4 labels); `online` reads "healthy", `warning` "unstable". */
export const listStatusFilters = ['healthy', 'unstable', 'error', 'offline', 'unknown'] as const;
export type ListStatusFilter = (typeof listStatusFilters)[number];

/** The nodes page's type filter values (features §3.11); "all" is the absence of the parameter. */
export const nodeTypeFilters = [
  'relays',
  'relayed',
  'egress',
  'ingress',
  'internet-gateways',
  'failover',
] as const;
export type NodeTypeFilter = (typeof nodeTypeFilters)[number];

export const nodeSortKeys = ['name', 'address', 'endpoint', 'status'] as const;
export const hostSortKeys = ['name', 'endpoint', 'endpoint6', 'port', 'version', 'status'] as const;
