// What other modules may import from the nodes module (modules/README.md): the shape of a node's JSON settings
// (gateway, relay and failover fields) with its reader, and the network directory nodes are read against (the
// networks module's, passed on for the modules that read both).
export { DEFAULT_NODE_SETTINGS, nodeSettings, type NodeSettings } from './node-fields.ts';
export type { NetworkDirectory, NetworkInfo } from '../networks/networks.public.ts';
// A node's row and how it is shown, its status rule, and the nodes' records (reads, a host's membership with its
// address allocation) that hosts, remote-access clients and the broker's files use inside their units of work.
export type { NodeRow } from './nodes.repository.ts';
export type { NodeRecords } from './node-records.ts';
// A node as metrics and alerts name it (network, host, name, status now).
export type { NodeMember } from './node-member.ts';
export { presentApiNode, presentRawNode } from './nodes.presenter.ts';
export { NodeHealth, STALE_FOR_PEERS_MS } from './node-status.ts';
// Announces the status changes a check-in or an agent's broker session causes (the hosts module's).
export { StatusChanges } from './status-changes.ts';
export { AddressHints } from './address-hints.ts';
// What a node update asks of the routing rules (relay and internet-gateway membership; issue 39).
export type { NodeRoutingEdit } from './node-put-fields.ts';
