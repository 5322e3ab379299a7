import type { BrokerHandle } from '../../broker/broker.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { HostMessenger } from './host-messages.ts';
import type { PeerSink } from './peer-changes.ts';
import { PeerUpdateBuilder } from './peer-publisher.ts';
import { brokerPeerSink } from './peer-sink.ts';
import { PeerUpdateQueue } from './peer-update-queue.ts';
import { PeersRepository } from './peers.repository.ts';

/** What the peer engine uses. */
export interface PeersModuleDeps {
  database: DatabaseHandle;
  broker: BrokerHandle;
  serverName: string;
}

/** The peer engine other modules share (app.ts hands it on): they enqueue host changes and send host messages. */
export interface PeerEngine {
  builder: PeerUpdateBuilder;
  queue: PeerUpdateQueue;
  messenger: HostMessenger;
  /** The hosts module says how a host and its nodes are described in a full update (it owns both). */
  describeHostsWith: (describe: PeerSink['describeHost']) => void;
  /**
   * Access control's changes: each host hears again only about the hosts whose reach with it changed (O(affected),
   * issue 32); `wholeLists` (gateways whose clients' access changed) get their whole list.
   */
  publishAccess: (
    peersByHost: ReadonlyMap<string, ReadonlySet<string>>,
    wholeLists: ReadonlySet<string>,
  ) => void;
}

/**
 * The peer engine (decision 004): coalesced per-host peer updates published on the broker, and one host's
 * messages, each sealed with that host's traffic key. It has no routes of its own.
 */
export async function register(
  app: ModuleApp,
  { database, broker, serverName }: PeersModuleDeps,
): Promise<PeerEngine> {
  // Everything for one host goes through publishToHost, which seals it with that host's traffic key.
  const messenger = new HostMessenger(
    (hostId, topic, payload) => broker.publishToHost(hostId, topic, payload),
    serverName,
    (error) => app.log.warn({ err: error }, 'MQTT publish failed'),
  );
  let describe: PeerSink['describeHost'] = async () => undefined;
  const sink = brokerPeerSink(broker, (hostId) => describe(hostId));
  const builder = new PeerUpdateBuilder(new PeersRepository(database.db), sink, serverName);
  const queue = new PeerUpdateQueue(builder, app.log);
  // Replicas (decision 063): one owner publishes every replica's changes, with versions all pulls report.
  if (database.work.isShared) {
    const repository = new PeersRepository(database.db);
    builder.versions.share({
      read: (hostId) => repository.peerSync(hostId),
      write: (term, versions) => repository.writePeerSync(term, versions),
    });
    queue.shareThrough(database.work);
  }
  return {
    builder,
    queue,
    messenger,
    describeHostsWith: (next) => (describe = next),
    publishAccess: (peersByHost, wholeLists) =>
      queue.enqueue(
        ...[...peersByHost].map(([hostId, others]) => ({ hostId, accessPeers: [...others] })),
        ...[...wholeLists].map((hostId) => ({ hostId })),
      ),
  };
}
