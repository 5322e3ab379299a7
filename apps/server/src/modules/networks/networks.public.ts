// What other modules may import from the networks module (modules/README.md).
export type { NetworkUsage } from './network-usage.ts';
export type { NetworkTransaction } from './networks.repository.ts';
