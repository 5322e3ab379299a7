import type { UnitOfWork } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import type { HostRecords } from '../hosts/hosts.public.ts';
import type { NetworkDirectory, NodeHealth, NodeRecords } from '../nodes/nodes.public.ts';
import type { ExtClientsRepository } from './ext-clients.repository.ts';
import type { HostMessenger, PeerUpdateQueue } from '../peers/peers.public.ts';

/** What remote access uses of the hosts, nodes and peers modules; built by register in remote-access.module.ts. */
export interface RemoteAccessDependencies {
  hosts: HostRecords;
  nodes: NodeRecords;
  networks: NetworkDirectory;
  events: EventBus;
  /** Coalesced per-host peer updates: a client change enqueues its gateway's host only. */
  peers: PeerUpdateQueue;
  messenger: HostMessenger;
  serverName: string;
  /** Node status by the server's clock (a gateway's, shown to remote-access clients). */
  health: NodeHealth;
}

/**
 * Client writes: the clients' own repository and the nodes' records (the network's lock and addresses, a gateway's
 * settings), with the unit of work that makes several of their writes one (decision 059).
 */
export interface ClientWrites {
  /** Runs `work` as one unit of work, again from scratch when another writer beat it to a unique index. */
  run: UnitOfWork;
  clients: ExtClientsRepository;
  nodes: NodeRecords;
}
