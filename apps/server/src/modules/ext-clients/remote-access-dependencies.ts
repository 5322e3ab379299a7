import type { HostTransactionRepositories } from '../../stores/hosts-transaction.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import type { NetworkDirectory, NodeHealth } from '../nodes/nodes.public.ts';
import type { HostMessenger, PeerUpdateQueue } from '../peers/peers.public.ts';

/** What remote access uses of the hosts, nodes and peers modules; built by register in ext-clients.module.ts. */
export interface RemoteAccessDependencies {
  hosts: HostTransactionRepositories['hosts'];
  nodes: HostTransactionRepositories['nodes'];
  networks: NetworkDirectory;
  events: EventBus;
  /** Coalesced per-host peer updates: a client change enqueues its gateway's host only. */
  peers: PeerUpdateQueue;
  messenger: HostMessenger;
  serverName: string;
  /** Node status by the server's clock (a gateway's, shown to remote-access clients). */
  health: NodeHealth;
}
