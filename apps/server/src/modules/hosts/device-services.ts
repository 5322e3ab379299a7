import type { TokenService } from '../../auth/tokens.ts';
import type { EnrollmentKeysRepository } from '../enrollment-keys/enrollment-keys.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { AddressHints } from '../nodes/address-hints.ts';
import type { NetworkDirectory } from '../nodes/network-directory.ts';
import type { NodesRepository } from '../nodes/nodes.repository.ts';
import type { HostMessenger } from '../peers/host-messages.ts';
import type { PeerUpdateBuilder } from '../peers/peer-publisher.ts';
import type { PeerUpdateQueue } from '../peers/peer-update-queue.ts';
import type { DevicesTransaction } from './devices-transaction.repository.ts';
import type { HostSecrets } from './host-secrets.ts';
import type { HostsRepository } from './hosts.repository.ts';

/** What the host, node and registration services share; wired once in app.ts. */
export interface DeviceServices {
  tx: DevicesTransaction;
  hosts: HostsRepository;
  nodes: NodesRepository;
  keys: EnrollmentKeysRepository;
  networks: NetworkDirectory;
  /** Coalesced per-host peer updates. */
  peers: PeerUpdateQueue;
  peerBuilder: PeerUpdateBuilder;
  messenger: HostMessenger;
  events: EventBus;
  tokens: TokenService;
  /** Host secrets: argon2 once per host, not on every broker login or token refresh. */
  secrets: HostSecrets;
  addressHints: AddressHints;
  serverName: string;
  /** Whether a host's agent is on the embedded broker now; undefined when the server cannot tell (external broker). */
  brokerPresence?: (hostId: string) => boolean | undefined;
}
