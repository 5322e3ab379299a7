import type { DnsEntry, DnsUpdateMessage } from '@meshdeck/contracts';
import { afterCommit } from '../../lib/after-commit.ts';
import { BatchTimer, type BatchTiming } from '../../lib/batch-timer.ts';
import type { NodeNameRow } from './dns.repository.ts';

/** Publishes one sealed message to one host on its host-update topic, at this MQTT QoS. */
export type HostPublish = (hostId: string, payload: string, qos: 0 | 1) => Promise<void>;

/** What the queue reads: the automatic entry sources (the DNS repository's queries). */
export interface NodeNameSource {
  nodeNames(netid?: string): Promise<NodeNameRow[]>;
  nodeNamesOf(nodeIds: readonly string[], hostIds: readonly string[]): Promise<NodeNameRow[]>;
}

/**
 * The next batch waits this many times as long as the last one took: DNS batches take at most a quarter of the
 * event loop however slow the machine is (peer updates, which matter more, get up to half).
 */
const BACKOFF_FACTOR = 3;
/** Hosts published to at a time. */
const PUBLISH_CONCURRENCY = 64;

/**
 * The automatic name of a node: `<host name>.<network>`, lower-cased, with what DNS cannot hold turned into dashes
 * and cut to one RFC 1123 label (63 characters, no dash first or last: decision 048).
 */
export const nodeEntryName = (hostName: string, network: string): string =>
  `${
    hostName
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 63)
      .replace(/-+$/, '') || 'host'
  }.${network}`;

export const nodeEntry = (row: NodeNameRow): DnsEntry => ({
  name: nodeEntryName(row.host_name, row.network),
  address: row.address ?? '',
  address6: row.address6 ?? '',
  network: row.network,
});

/** The DNS_UPDATE text: the same for every host of the network, so sealing compresses it once per batch. */
export function dnsUpdatePayload(change: DnsUpdateMessage['DNS']): string {
  return JSON.stringify({ Action: 'DNS_UPDATE', DNS: change } satisfies DnsUpdateMessage);
}

/** The automatic entries of one network as its hosts were last told them, by node and by name. */
class NetworkNames {
  readonly byNode = new Map<string, { hostId: string; entry: DnsEntry }>();
  readonly #byName = new Map<string, Set<string>>();

  /** Stores the node's entry; the names whose entries changed (none when it is the same). */
  set(row: NodeNameRow, touched: Set<string>): void {
    const entry = nodeEntry(row);
    const known = this.byNode.get(row.node_id);
    if (
      known &&
      known.entry.name === entry.name &&
      known.entry.address === entry.address &&
      known.entry.address6 === entry.address6
    )
      return;
    if (known) this.remove(row.node_id, touched);
    this.byNode.set(row.node_id, { hostId: row.host_id, entry });
    const nodes = this.#byName.get(entry.name) ?? new Set<string>();
    nodes.add(row.node_id);
    this.#byName.set(entry.name, nodes);
    touched.add(entry.name);
  }

  remove(nodeId: string, touched: Set<string>): void {
    const known = this.byNode.get(nodeId);
    if (!known) return;
    this.byNode.delete(nodeId);
    const nodes = this.#byName.get(known.entry.name);
    nodes?.delete(nodeId);
    if (nodes?.size === 0) this.#byName.delete(known.entry.name);
    touched.add(known.entry.name);
  }

  /** Every automatic entry with this name (two hosts of one name share it). */
  named(name: string): DnsEntry[] {
    return [...(this.#byName.get(name) ?? [])].map((nodeId) => this.byNode.get(nodeId)!.entry);
  }
}

/** Changes of one network waiting for the next batch. */
interface PendingNetwork {
  /** Nodes that joined, left or changed. */
  nodes: Set<string>;
  /** A change that named no node (a network's nodes removed together): every node is compared. */
  isWhole: boolean;
  /** Custom entries added (the entry) or deleted (null), by name, the last change winning. */
  custom: Map<string, DnsEntry | null>;
}

/** One batch's message for one network. */
export interface NetworkDelta {
  network: string;
  hosts: string[];
  change: DnsUpdateMessage['DNS'];
}

/**
 * Sends each host of a network what changed in the network's names (issue 32, decision 034): node joins, leaves and
 * renames and custom entries added or deleted are batched (quiet time with a maximum wait, as the peer-update queue
 * does), and each batch sends every host of a changed network one DNS_UPDATE holding the batch's changes, serialised
 * once per network. The automatic names sent last are kept in memory (built from one query at start), so a node that
 * is gone from the database still has the name its hosts must drop. One batch runs at a time; changes meanwhile
 * wait for it, then for three times as long as it took.
 */
export class DnsUpdateQueue {
  #known = new Map<string, NetworkNames>();
  #pending = new Map<string, PendingNetwork>();
  #renamedHosts = new Set<string>();
  /** A custom entry is waiting: the next batch starts without waiting for quiet. */
  #isUrgent = false;
  readonly #timer: BatchTimer;
  /** Totals since start (tests, benchmarks). */
  readonly totals = { batches: 0, messages: 0, bytes: 0 };

  readonly #listening: () => ReadonlySet<string> | undefined;

  /**
   * `timing`: longer than the peer-update queue's (50/500 ms): every batch costs one sealed message per host of the
   * network, and a name a second or two late costs nothing, so a burst of joins makes fewer, larger batches.
   * `listening`: the hosts with an agent on the broker now (undefined when the broker cannot tell); the others
   * are not sent anything, since an agent pulls the whole list each time it (re)connects, as for peer updates.
   */
  constructor(
    private readonly source: NodeNameSource,
    private readonly publish: HostPublish,
    private readonly onError: (error: unknown) => void,
    {
      timing = { debounceMs: 500, maxWaitMs: 2000 },
      listening = () => undefined,
    }: { timing?: BatchTiming; listening?: () => ReadonlySet<string> | undefined } = {},
  ) {
    this.#listening = listening;
    this.#timer = new BatchTimer(
      timing,
      BACKOFF_FACTOR,
      () => this.#sendBatch(),
      () => this.#hasPending(),
    );
  }

  /** Reads every network's automatic names (at start, and when it takes DNS updates over from another replica). */
  async load(): Promise<void> {
    const touched = new Set<string>();
    this.#known = new Map();
    for (const row of await this.source.nodeNames()) this.#names(row.network).set(row, touched);
  }

  /** A node joined, left or changed (`nodeId` undefined: the network's nodes went together). */
  nodeChanged(network: string, nodeId: string | undefined): void {
    const pending = this.#pendingOf(network);
    if (nodeId === undefined) pending.isWhole = true;
    else pending.nodes.add(nodeId);
    this.schedule();
  }

  /** A host may have been renamed: its automatic names are compared in every network it is in. */
  hostChanged(hostId: string): void {
    this.#renamedHosts.add(hostId);
    this.schedule();
  }

  /**
   * A custom entry was added (`entry`) or deleted (null); sent without waiting for quiet, and inside a unit of work
   * (an import) only once it has committed, never if it rolls back (decision 045).
   */
  customChanged(network: string, name: string, entry: DnsEntry | null): void {
    afterCommit(() => {
      this.#pendingOf(network).custom.set(name, entry);
      this.#isUrgent = true;
      this.schedule();
    });
  }

  /** The network is gone: nothing is left to tell its hosts. */
  networkDeleted(network: string): void {
    this.#known.delete(network);
    this.#pending.delete(network);
  }

  /** Resolves once everything queued so far has been sent (shutdown, tests). */
  flush(): Promise<void> {
    return this.#timer.flush();
  }

  /** Stops the timer (server shutdown after the last flush). */
  close(): void {
    this.#timer.close();
  }

  #names(network: string): NetworkNames {
    let names = this.#known.get(network);
    if (!names) this.#known.set(network, (names = new NetworkNames()));
    return names;
  }

  #pendingOf(network: string): PendingNetwork {
    let pending = this.#pending.get(network);
    if (!pending)
      this.#pending.set(network, (pending = { nodes: new Set(), isWhole: false, custom: new Map() }));
    return pending;
  }

  #hasPending(): boolean {
    return this.#pending.size > 0 || this.#renamedHosts.size > 0;
  }

  private schedule(): void {
    this.#timer.schedule(this.#isUrgent);
  }

  async #sendBatch(): Promise<void> {
    this.#isUrgent = false;
    await this.deltas().then(
      (deltas) => this.send(deltas),
      (error: unknown) => this.onError(error),
    );
    this.totals.batches += 1;
  }

  /** Takes the pending changes and turns them into one change per network, updating the known names. */
  async deltas(): Promise<NetworkDelta[]> {
    const pending = this.#pending;
    const renamed = [...this.#renamedHosts];
    this.#pending = new Map();
    this.#renamedHosts = new Set();
    const touched = new Map<string, Set<string>>();
    const touchedOf = (network: string) => {
      let names = touched.get(network);
      if (!names) touched.set(network, (names = new Set()));
      return names;
    };
    // Nodes named by their events and the nodes of renamed hosts, read in one pass.
    const nodeIds = [...pending.entries()].flatMap(([, p]) => (p.isWhole ? [] : [...p.nodes]));
    const rows = nodeIds.length + renamed.length > 0 ? await this.source.nodeNamesOf(nodeIds, renamed) : [];
    const found = new Map(rows.map((row) => [row.node_id, row]));
    for (const row of rows) this.#names(row.network).set(row, touchedOf(row.network));
    for (const [network, changes] of pending) {
      const names = this.#names(network);
      const changed = touchedOf(network);
      if (changes.isWhole) {
        const current = await this.source.nodeNames(network);
        const present = new Set(current.map((row) => row.node_id));
        for (const nodeId of [...names.byNode.keys()])
          if (!present.has(nodeId)) names.remove(nodeId, changed);
        for (const row of current) names.set(row, changed);
        continue;
      }
      for (const nodeId of changes.nodes) {
        const row = found.get(nodeId);
        if (!row || row.network !== network) names.remove(nodeId, changed);
      }
    }
    const deltas: NetworkDelta[] = [];
    for (const [network, changed] of touched) {
      const names = this.#known.get(network);
      // A name's entries are sent whole: the agent replaces what it has under that name (an empty list removes it).
      const byName = new Map<string, DnsEntry[]>();
      for (const name of changed) byName.set(name, names?.named(name) ?? []);
      for (const [name, entry] of pending.get(network)?.custom ?? [])
        byName.set(name, [...(names?.named(name) ?? []), ...(entry ? [entry] : [])]);
      const added = [...byName.values()].flat();
      const removed = [...byName].filter(([, entries]) => entries.length === 0).map(([name]) => name);
      if (added.length === 0 && removed.length === 0) continue;
      const hosts = names ? [...names.byNode.values()].map((n) => n.hostId) : [];
      deltas.push({ network, hosts, change: { network, added, removed } });
    }
    return deltas;
  }

  /**
   * One DNS_UPDATE per listening host of each changed network, serialised (and compressed) once per network. A
   * burst of joins into a network whose agents are not connected yet seals nothing.
   */
  private async send(deltas: NetworkDelta[]): Promise<void> {
    const listening = this.#listening();
    for (const { hosts, change } of deltas) {
      const receivers = listening ? hosts.filter((hostId) => listening.has(hostId)) : hosts;
      if (receivers.length === 0) continue;
      const payload = dnsUpdatePayload(change);
      for (let i = 0; i < receivers.length; i += PUBLISH_CONCURRENCY)
        await Promise.all(
          receivers.slice(i, i + PUBLISH_CONCURRENCY).map(async (hostId) => {
            try {
              await this.publish(hostId, payload, 0);
              this.totals.messages += 1;
              this.totals.bytes += payload.length;
            } catch (error) {
              this.onError(error);
            }
          }),
        );
    }
  }
}
