import type { ChangeEvent } from '@meshdeck/contracts';
import type { BrokerHandle } from '../../broker/broker.ts';
import type { HostKeyring } from '../../broker/host-keyring.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { ChangeOrigin, EventBus } from '../events/events.public.ts';
import type { AddressHints, NodeRecords } from '../nodes/nodes.public.ts';
import type { HostChange, PeerUpdateQueue, PeerVersions } from '../peers/peers.public.ts';
import type { AgentService } from './agent.service.ts';
import { agentTopicAuthorizer } from './broker-access.ts';
import type { HostSecrets } from './host-secrets.ts';
import type { HostsRepository } from './hosts.repository.ts';

/**
 * Plugs hosts into the broker: traffic keys for sealed payloads, agent logins, topic rules and presence (which the
 * console's host list shows). Returns the keyring, whose entries follow host registrations and deletes.
 */
export function connectBrokerToHosts(
  broker: BrokerHandle,
  d: {
    hosts: HostsRepository;
    nodes: NodeRecords;
    agents: AgentService;
    events: EventBus;
    serverName: string;
    /** Told of each session change too: a lost session makes the host's nodes unstable (decision 050). */
    onSession: (hostId: string, isOpen: boolean) => void;
  },
): HostKeyring {
  const keySource = (h: { id: string; traffic_key: string | null }) => ({
    id: h.id,
    trafficKey: h.traffic_key,
  });
  const keyring = broker.setHostKeyLoader({
    byIds: async (ids) => (await d.hosts.findByIds(ids)).map(keySource),
    all: async () => (await d.hosts.listAll()).map(keySource),
  });
  // The broker password derived for the host (cheap HMAC), or the host's own password (agents of earlier servers signed in with it).
  broker.setAgentVerifier(async (username, password) =>
    broker.credentials.verify(username, password)
      ? !!(await d.hosts.findById(username))
      : d.agents.verifyBrokerLogin(username, password),
  );
  // The console's host list shows broker sessions (issue 19): a change is a host update for its live refresh.
  broker.setPresenceListener((hostId, isOpen) => {
    d.onSession(hostId, isOpen);
    d.events.publish({ resource: 'hosts', action: 'updated', id: hostId });
  });
  broker.setAgentAuthorizer(
    agentTopicAuthorizer(d.serverName, async (nodeId) => (await d.nodes.findById(nodeId))?.host_id),
  );
  return keyring;
}

/** What in-memory state follows host, node and network changes. */
export interface HostChangeState {
  lists: ReadCache;
  keyring: HostKeyring;
  secrets: HostSecrets;
  peerVersions: PeerVersions;
  addressHints: AddressHints;
  peers: PeerUpdateQueue;
  /** The nodes module's network usage: who lost a node in a network delete, once that delete has committed. */
  networkUsage: { takeRemovedHosts: (netid: string) => HostChange[] };
  /** Node status: forgets a deleted host's broker session. */
  health: { forget: (hostId: string) => void };
}

/**
 * Keeps caches and per-host state in step with change events, so they hold what exists, not what once did: every
 * replica's changes (decision 062), the peer updates only for this replica's own.
 */
export function followHostChanges(events: EventBus, s: HostChangeState): void {
  const onChange = (event: ChangeEvent, origin: ChangeOrigin) => {
    // GET /api/nodes lists external clients as static nodes, so their changes void the lists too.
    if (
      event.resource === 'nodes' ||
      event.resource === 'hosts' ||
      event.resource === 'networks' ||
      event.resource === 'extclients' ||
      event.resource === 'node-status'
    )
      s.lists.invalidate();
    // A deleted host's key goes after its DELETE_HOST went out (the delete is announced after it).
    if (event.resource === 'hosts' && event.action === 'deleted' && event.id) {
      s.keyring.forget(event.id);
      s.secrets.forget(event.id);
      s.peerVersions.forget(event.id);
      s.health.forget(event.id);
    }
    // Anything that may free an address (or change the range) voids the network's allocation hint.
    if (event.resource === 'networks' && event.id) s.addressHints.reset(event.id);
    if (event.resource === 'nodes' && event.action !== 'created' && event.network)
      s.addressHints.reset(event.network);
    if (event.resource !== 'networks' || !event.id || origin !== 'local') return;
    // Peer updates for hosts that lost a node wait for the committed network delete.
    if (event.action === 'deleted') s.peers.enqueue(...s.networkUsage.takeRemovedHosts(event.id));
  };
  events.subscribe(onChange, { everyReplica: true });
}
