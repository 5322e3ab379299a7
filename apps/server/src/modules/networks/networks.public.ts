// What other modules may import from the networks module (modules/README.md).
export type { NetworkUsage } from './network-usage.ts';
export type { NetworkTransaction } from './networks.repository.ts';
// What hosts, nodes, keys and clients read of a network (its ranges), through NetworkReads.directory.
export type { NetworkDirectory, NetworkInfo } from './network-directory.ts';
