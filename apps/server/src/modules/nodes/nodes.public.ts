// What other modules may import from the nodes module (modules/README.md): the shape of a node's JSON settings
// (gateway, relay and failover fields) with its reader, and the network directory nodes are read against.
export { DEFAULT_NODE_SETTINGS, nodeSettings, type NodeSettings } from './node-fields.ts';
export type { NetworkDirectory, NetworkInfo } from './network-directory.ts';
