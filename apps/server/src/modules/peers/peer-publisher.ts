import { mqttTopics, wgKeyToBase64, type HostPeerUpdate, type PeerConfig, type PeerMap } from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.service.ts';
import { fullPeers, indexMembers, peerEntry, removalPeer, type MemberIndex } from './peer-compute.ts';
import type { PeersRepository } from './peers.repository.ts';

/** A host whose peers-relevant state changed (joined, left, moved, re-keyed or was deleted). */
export interface HostChange {
  hostId: string;
  /** Networks the host just left (or all of them when it was deleted); its current networks are found itself. */
  formerNetworks?: string[];
  /** Public keys that must disappear from other hosts: the old key after a re-key, or a deleted host's key. */
  removedPublicKeys?: string[];
}

/** What publishing needs from the rest of the server; lets tests and benchmarks count messages. */
export interface PeerSink {
  publish(topic: string, payload: string): Promise<void>;
  /** The host and node fields of a changed host's own full update. */
  describeHost(hostId: string): Promise<Pick<HostPeerUpdate, 'host' | 'nodes'> | undefined>;
}

export interface PublishStats {
  messages: number;
  receivers: number;
}

const CONCURRENT_PUBLISHES = 64;

/**
 * Turns host changes into per-host peer updates (api-contract §6.2). Per batch it loads the members of the
 * changed hosts' networks once; each changed host gets its full list (`replace_peers`), every other affected
 * host gets only the entries of the changed hosts. Total work is O(members of those networks), not O(hosts²).
 */
export class PeerUpdateBuilder {
  constructor(
    private readonly repository: PeersRepository,
    private readonly sink: PeerSink,
    private readonly serverName: string,
  ) {}

  /** A host's whole peer list, for pulls (GET /api/v1/host). */
  async peersOf(hostId: string, now = Date.now()): Promise<{ peers: PeerConfig[]; ids: PeerMap }> {
    const networks = await this.repository.networksOfHosts([hostId]);
    return fullPeers(hostId, indexMembers(await this.repository.listMembers(networks)), now);
  }

  /** Computes and publishes the updates of one batch of changes. */
  async publish(changes: readonly HostChange[], now = Date.now()): Promise<PublishStats> {
    if (changes.length === 0) return { messages: 0, receivers: 0 };
    const subjects = [...new Set(changes.map((c) => c.hostId))];
    const current = await this.repository.networksOfHosts(subjects);
    const networks = [...new Set([...current, ...changes.flatMap((c) => c.formerNetworks ?? [])])];
    const index = indexMembers(await this.repository.listMembers(networks));
    const messages: [string, string][] = [];
    const subjectKeys = new Map<string, string>();
    for (const subject of subjects) {
      const described = await this.sink.describeHost(subject);
      if (!described?.host) continue;
      subjectKeys.set(subject, wgKeyToBase64(described.host.publickey));
      const { peers, ids } = fullPeers(subject, index, now);
      messages.push([mqttTopics.peerUpdate(subject, this.serverName), this.payload(described, peers, ids, true)]);
    }
    const subjectSet = new Set(subjects);
    const receivers = [...index.byHost.keys()].filter((id) => !subjectSet.has(id));
    for (const receiver of receivers) {
      const { peers, ids } = this.delta(receiver, changes, index, subjectKeys, now);
      if (peers.length > 0) messages.push([mqttTopics.peerUpdate(receiver, this.serverName), this.payload({ host: null, nodes: [] }, peers, ids, false)]);
    }
    for (let i = 0; i < messages.length; i += CONCURRENT_PUBLISHES) {
      await Promise.all(messages.slice(i, i + CONCURRENT_PUBLISHES).map(([topic, body]) => this.sink.publish(topic, body)));
    }
    return { messages: messages.length, receivers: receivers.length };
  }

  private delta(
    receiver: string,
    changes: readonly HostChange[],
    index: MemberIndex,
    subjectKeys: ReadonlyMap<string, string>,
    now: number,
  ): { peers: PeerConfig[]; ids: PeerMap } {
    const peers: PeerConfig[] = [];
    const ids: PeerMap = {};
    for (const change of changes) {
      for (const key of change.removedPublicKeys ?? []) peers.push(removalPeer(key));
      if (!index.byHost.has(change.hostId)) {
        // The host left every network it shared with the receiver: drop its key there.
        const key = subjectKeys.get(change.hostId);
        if (key) peers.push(removalPeer(key));
        continue;
      }
      const entry = peerEntry(receiver, change.hostId, index, now);
      peers.push(entry.peer);
      Object.assign(ids, entry.ids);
    }
    return { peers, ids };
  }

  private payload(described: Pick<HostPeerUpdate, 'host' | 'nodes'>, peers: PeerConfig[], ids: PeerMap, replace: boolean): string {
    const update: HostPeerUpdate = {
      ...described,
      server: this.serverName,
      serverversion: SERVER_VERSION,
      host_peers: peers,
      peerids: ids,
      replace_peers: replace,
      change_default_gw: false,
      is_inet_gw: false,
      endpoint_detection: false,
    };
    // Older agents read the legacy keys `peers` / `Peers`; they carry the same list (api-contract §3.14.3).
    return JSON.stringify({ ...update, peers: peers, Peers: peers });
  }
}
