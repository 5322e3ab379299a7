import type { DnsEntry } from '@meshdeck/contracts';
import type { SharedWork } from '../../lib/shared-work.ts';
import type { DnsUpdateQueue } from './dns-updates.ts';

/** What the DNS module's events and service tell the update queue. */
export type DnsChanges = Pick<
  DnsUpdateQueue,
  'nodeChanged' | 'hostChanged' | 'customChanged' | 'networkDeleted'
>;

/** One change as it travels to the owner of DNS updates through the shared outbox. */
type DnsWorkItem =
  | { op: 'node'; network: string; nodeId?: string }
  | { op: 'host'; hostId: string }
  | { op: 'custom'; network: string; name: string; entry: DnsEntry | null }
  | { op: 'network-deleted'; network: string };

const WORK_KIND = 'dns';
/** The owner takes DNS changes about as often as the queue's own quiet time (dns-updates.ts). */
const TAKE_EVERY_MS = 500;

/**
 * Replicas (decision 063): every replica hands its DNS changes to the owner of DNS updates, whose queue alone
 * knows what hosts were told. A new owner reads the names afresh (the last owner's view died with it) and sends
 * each network the last owner left changes for its whole list (DNS_SYNC), since a difference from the fresh
 * names would show nothing.
 */
export function shareDnsUpdates(
  work: SharedWork,
  queue: DnsUpdateQueue,
  syncNetwork: (network: string) => Promise<void>,
): DnsChanges {
  const send = (item: DnsWorkItem) => work.send(WORK_KIND, [JSON.stringify(item)]);
  work.consume(WORK_KIND, TAKE_EVERY_MS, async (bodies, isTakeover) => {
    const items = bodies.map((body) => JSON.parse(body) as DnsWorkItem);
    if (isTakeover) {
      await queue.load();
      const networks = new Set(items.flatMap((item) => ('network' in item ? [item.network] : [])));
      for (const network of networks) await syncNetwork(network);
      return;
    }
    for (const item of items)
      if (item.op === 'node') queue.nodeChanged(item.network, item.nodeId);
      else if (item.op === 'host') queue.hostChanged(item.hostId);
      else if (item.op === 'custom') queue.customChanged(item.network, item.name, item.entry);
      else queue.networkDeleted(item.network);
    await queue.flush();
  });
  return {
    nodeChanged: (network, nodeId) => send({ op: 'node', network, ...(nodeId ? { nodeId } : {}) }),
    hostChanged: (hostId) => send({ op: 'host', hostId }),
    customChanged: (network, name, entry) => send({ op: 'custom', network, name, entry }),
    networkDeleted: (network) => send({ op: 'network-deleted', network }),
  };
}
