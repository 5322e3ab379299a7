import { mqttTopics, wgKeyToBase64, type HostPeerUpdate, type PeerConfig, type PeerMap } from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.service.ts';
import { fullPeers, indexMembers, peerEntry, removalPeer, sharedWith, type MemberIndex } from './peer-compute.ts';
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
  /** Publishes one host's update (the broker handle seals it with that host's traffic key). */
  publish(hostId: string, topic: string, payload: string): Promise<void>;
  /** The host and node fields of a changed host's own full update. */
  describeHost(hostId: string): Promise<Pick<HostPeerUpdate, 'host' | 'nodes'> | undefined>;
}

export interface PublishStats {
  messages: number;
  receivers: number;
}

/** One outgoing update: receiving host, topic, JSON body. */
type Message = [hostId: string, topic: string, body: string];

/** Publishes in flight at once: enough to keep the broker busy without queueing megabytes in the client. */
const PUBLISH_WINDOW = 256;

/**
 * Turns host changes into per-host peer updates (api-contract §6.2). Per batch it loads the members of the
 * changed hosts' networks once; each changed host gets its full list (`replace_peers`), every other affected
 * host gets only the entries of the changed hosts. Total work is O(members of those networks), not O(hosts²):
 * most receivers see a changed host the same way, so each distinct entry is built and serialised once.
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
    return fullPeers(hostId, indexMembers(await this.repository.listMembers(networks), now));
  }

  /** Computes and publishes the updates of one batch of changes. */
  async publish(changes: readonly HostChange[], now = Date.now()): Promise<PublishStats> {
    if (changes.length === 0) return { messages: 0, receivers: 0 };
    const subjects = [...new Set(changes.map((c) => c.hostId))];
    const current = await this.repository.networksOfHosts(subjects);
    const networks = [...new Set([...current, ...changes.flatMap((c) => c.formerNetworks ?? [])])];
    const index = indexMembers(await this.repository.listMembers(networks), now);
    const messages: Message[] = [];
    const subjectKeys = new Map<string, string>();
    for (const subject of subjects) {
      const described = await this.sink.describeHost(subject);
      if (!described?.host) continue;
      subjectKeys.set(subject, wgKeyToBase64(described.host.publickey));
      const { peers, ids } = fullPeers(subject, index);
      messages.push([subject, mqttTopics.peerUpdate(subject, this.serverName), this.fullPayload(described, peers, ids)]);
    }
    const subjectSet = new Set(subjects);
    const receivers = [...index.byHost.keys()].filter((id) => !subjectSet.has(id));
    const entries = new EntryCache(index, changes, subjectKeys);
    for (const receiver of receivers) {
      const delta = entries.deltaFor(receiver);
      if (delta.peers.length > 0) messages.push([receiver, mqttTopics.peerUpdate(receiver, this.serverName), this.deltaPayload(delta.peers, delta.ids)]);
    }
    await publishAll(messages, (hostId, topic, body) => this.sink.publish(hostId, topic, body));
    return { messages: messages.length, receivers: receivers.length };
  }

  private common(replace: boolean) {
    return { server: this.serverName, serverversion: SERVER_VERSION, replace_peers: replace, change_default_gw: false, is_inet_gw: false, endpoint_detection: false };
  }

  private fullPayload(described: Pick<HostPeerUpdate, 'host' | 'nodes'>, peers: PeerConfig[], ids: PeerMap): string {
    const update: HostPeerUpdate = { ...described, ...this.common(true), host_peers: peers, peerids: ids };
    return JSON.stringify(update);
  }

  /** A delta assembled from pre-serialised entries (same shape as HostPeerUpdate with no host). */
  private deltaPayload(peers: string[], ids: string[]): string {
    const head = JSON.stringify({ host: null, nodes: [], ...this.common(false) }).slice(0, -1);
    return `${head},"host_peers":[${peers.join(',')}],"peerids":{${ids.join(',')}}}`;
  }
}

/** Builds each receiver's delta; identical entries (same shared networks and endpoint choice) are reused. */
class EntryCache {
  readonly #cache = new Map<string, { peer: string; ids: string[] }>();

  constructor(
    private readonly index: MemberIndex,
    private readonly changes: readonly HostChange[],
    private readonly subjectKeys: ReadonlyMap<string, string>,
  ) {}

  deltaFor(receiver: string): { peers: string[]; ids: string[] } {
    const peers: string[] = [];
    const ids: string[] = [];
    for (const change of this.changes) {
      for (const key of change.removedPublicKeys ?? []) peers.push(this.removal(key));
      const key = this.subjectKeys.get(change.hostId);
      if (!this.index.byHost.has(change.hostId)) {
        // The host left every network it shared with the receiver: drop its key there.
        if (key) peers.push(this.removal(key));
        continue;
      }
      const { subject, receiver: own, shared } = sharedWith(receiver, change.hostId, this.index);
      const sameLan = own?.endpoint_ip !== '' && own?.endpoint_ip === subject?.endpoint_ip;
      const signature = `${change.hostId}|${shared.map((n) => n.network).join(',')}|${own?.endpoint_ip !== ''}|${sameLan}`;
      let entry = this.#cache.get(signature);
      if (!entry) {
        const built = peerEntry(receiver, change.hostId, this.index);
        entry = { peer: JSON.stringify(built.peer), ids: Object.entries(built.ids).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`) };
        this.#cache.set(signature, entry);
      }
      peers.push(entry.peer);
      ids.push(...entry.ids);
    }
    return { peers, ids };
  }

  private removal(key: string): string {
    const signature = `remove|${key}`;
    const cached = this.#cache.get(signature);
    if (cached) return cached.peer;
    const peer = JSON.stringify(removalPeer(key));
    this.#cache.set(signature, { peer, ids: [] });
    return peer;
  }
}

/** Publishes with a sliding window of in-flight messages, so one slow acknowledgement does not stall a batch. */
async function publishAll(messages: readonly Message[], publish: (hostId: string, topic: string, body: string) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < messages.length) {
      const [hostId, topic, body] = messages[next++] as Message;
      await publish(hostId, topic, body);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUBLISH_WINDOW, messages.length) }, lane));
}
