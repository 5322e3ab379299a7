import { mqttTopics } from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.public.ts';
import type { PairAccess } from '../access-control/access-control.public.ts';
import { routingFlags } from './host-routing.ts';
import { indexMembers, peerEntry } from './peer-compute.ts';
import type { HostChange, PeerSink, PublishStats } from './peer-changes.ts';
import type { PeerVersions } from './peer-versions.ts';
import type { PeersRepository } from './peers.repository.ts';
import { Outbox, Slicer } from './slicer.ts';

/** Where peer computation gets the access of a batch's networks (the access-control module's compiled models). */
export interface AccessSource {
  forNetworks(networks: Iterable<string>): Promise<PairAccess>;
  /** Drops what is kept of these networks' access (all without an argument), so it is read again. */
  forget?(netid?: string): void;
}

/** Up to this many hosts, an access batch loads only their rows (and whole networks with routing roles). */
const TARGETED_LIMIT = 2000;

export interface AccessDeltaContext {
  repository: PeersRepository;
  sink: PeerSink;
  versions: PeerVersions;
  serverName: string;
  access: AccessSource | undefined;
  hasRoutingRoles: (networks: readonly string[]) => Promise<boolean>;
  now: number;
}

/**
 * Access changes (issue 32): a policy, tag or matrix change changes which pairs may be peers, and only those pairs'
 * hosts hear about it. Each receiver gets one delta holding fresh entries for exactly the hosts whose reach with it
 * changed (a removal where it lost access), so a change between two tags costs their members' messages, with
 * bytes in proportion to the changed pairs, whatever the size of the network.
 */
export async function publishAccessDeltas(
  changes: readonly HostChange[],
  d: AccessDeltaContext,
): Promise<PublishStats> {
  const listening = d.sink.listeningHosts();
  const receivers = changes.filter((c) => listening?.has(c.hostId) ?? true);
  if (receivers.length === 0) return { messages: 0, receivers: 0, bytes: 0 };
  const hosts = new Set<string>();
  for (const c of receivers) {
    hosts.add(c.hostId);
    for (const peer of c.accessPeers ?? []) hosts.add(peer);
  }
  const networks = await d.repository.networksOfHosts(receivers.map((c) => c.hostId));
  const targeted = hosts.size <= TARGETED_LIMIT && !(await d.hasRoutingRoles(networks));
  const rows = await d.repository.listMembers(networks, targeted ? [...hosts] : undefined);
  const [clients, access] = await Promise.all([
    d.repository.listClients(networks),
    d.access?.forNetworks(networks),
  ]);
  const index = indexMembers(rows, d.now, clients, access);
  const head = JSON.stringify({
    host: null,
    nodes: [],
    server: d.serverName,
    serverversion: SERVER_VERSION,
    replace_peers: false,
    endpoint_detection: false,
  }).slice(1, -1);
  const outbox = new Outbox((hostId, topic, payload) => d.sink.publish(hostId, topic, payload));
  const slicer = new Slicer();
  for (const change of receivers) {
    const receiver = change.hostId;
    if (!index.byHost.has(receiver)) continue;
    const peers: string[] = [];
    const ids: string[] = [];
    for (const other of change.accessPeers ?? []) {
      const built = peerEntry(receiver, other, index);
      peers.push(JSON.stringify(built.peer));
      for (const [k, v] of Object.entries(built.ids)) ids.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
    }
    if (peers.length === 0) continue;
    const sync = JSON.stringify({ peer_sync: d.versions.next(receiver, false) }).slice(0, -1);
    const flags = JSON.stringify(routingFlags(receiver, index)).slice(1, -1);
    await outbox.send(
      receiver,
      mqttTopics.peerUpdate(receiver, d.serverName),
      `${sync},${flags},${head},"host_peers":[${peers.join(',')}],"peerids":{${ids.join(',')}}}`,
    );
    await slicer.pause();
  }
  await outbox.drain();
  return { messages: outbox.messages, receivers: receivers.length, bytes: outbox.bytes };
}
