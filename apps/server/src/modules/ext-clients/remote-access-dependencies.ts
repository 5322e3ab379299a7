import type { EventBus } from '../events/events.public.ts';
import type { HostsRepository } from '../hosts/hosts.repository.ts';
import type { NetworkDirectory } from '../nodes/network-directory.ts';
import type { NodesRepository } from '../nodes/nodes.repository.ts';
import type { HostMessenger } from '../peers/host-messages.ts';
import type { PeerUpdateQueue } from '../peers/peer-update-queue.ts';

/** What remote access uses of the hosts, nodes and peers modules; wired in app.ts, the composition root. */
export interface RemoteAccessDependencies {
  hosts: HostsRepository;
  nodes: NodesRepository;
  networks: NetworkDirectory;
  events: EventBus;
  /** Coalesced per-host peer updates: a client change enqueues its gateway's host only. */
  peers: PeerUpdateQueue;
  messenger: HostMessenger;
  serverName: string;
}
