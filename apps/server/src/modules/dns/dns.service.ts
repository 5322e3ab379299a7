import type { ChangeEvent, DnsEntry, DnsEntryInput, DnsSyncMessage } from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { CustomEntryRow, DnsRepository, NodeNameRow } from './dns.repository.ts';

/** Publishes one sealed message to one host (the broker handle's publishToHost on its host-update topic). */
export type HostPublish = (hostId: string, payload: string) => Promise<void>;

export interface DnsDependencies {
  repository: DnsRepository;
  events: { publish(event: ChangeEvent): void };
  publish: HostPublish;
  onError: (error: unknown) => void;
}

/** The automatic name of a node: `<host name>.<network>`, lower-cased, with what DNS cannot hold turned into dashes. */
export const nodeEntryName = (hostName: string, network: string): string =>
  `${
    hostName
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'host'
  }.${network}`;

const nodeEntry = (row: NodeNameRow): DnsEntry => ({
  name: nodeEntryName(row.host_name, row.network),
  address: row.address ?? '',
  address6: row.address6 ?? '',
  network: row.network,
});
const customEntry = (row: CustomEntryRow): DnsEntry => ({ ...row });

/**
 * DNS entries (api-contract §2.10): automatic `<host>.<network>` entries for every node and custom entries per
 * network. Every change sends each host of the network the network's whole list (decision 034).
 */
export class DnsService {
  /** Networks whose push is running, and those changed again meanwhile (pushed once more when it ends). */
  #pushing = new Map<string, Promise<void>>();
  #changedAgain = new Set<string>();

  constructor(private readonly d: DnsDependencies) {}

  /** Automatic then custom entries, of one network or of all. */
  async list(netid?: string): Promise<DnsEntry[]> {
    if (netid !== undefined) await this.requireNetwork(netid);
    return [...(await this.nodes(netid)), ...(await this.custom(netid))];
  }

  async nodes(netid?: string): Promise<DnsEntry[]> {
    return (await this.d.repository.nodeNames(netid)).map(nodeEntry);
  }

  async custom(netid?: string): Promise<DnsEntry[]> {
    return (await this.d.repository.custom(netid)).map(customEntry);
  }

  /** Adds a custom entry; 400 for a name already used in the network (custom or automatic). */
  async create(netid: string, input: DnsEntryInput): Promise<DnsEntry> {
    await this.requireNetwork(netid);
    if (input.network && input.network !== netid)
      throw badRequest(`network: the entry is for ${netid}, not ${input.network}`);
    const row: CustomEntryRow = {
      network: netid,
      name: input.name,
      address: input.address ?? '',
      address6: input.address6 ?? '',
    };
    const lower = input.name.toLowerCase();
    await this.d.repository.insert(row, (names, custom) => {
      if (custom.some((e) => e.name.toLowerCase() === lower))
        throw badRequest(`name: ${input.name} already exists in network ${netid}`);
      if (names.some((n) => nodeEntryName(n.host_name, n.network) === lower))
        throw badRequest(`name: ${input.name} is a node's automatic name in network ${netid}`);
    });
    this.d.events.publish({ resource: 'dns', action: 'created', id: input.name, network: netid });
    this.schedulePush(netid);
    return customEntry(row);
  }

  /** Deletes a custom entry; automatic entries go with their node only. */
  async delete(netid: string, name: string): Promise<string> {
    await this.requireNetwork(netid);
    if (!(await this.d.repository.delete(netid, name))) {
      const names = await this.d.repository.nodeNames(netid);
      if (names.some((n) => nodeEntryName(n.host_name, n.network) === name.toLowerCase()))
        throw badRequest(`${name} is a node's automatic entry: it goes when the node leaves the network`);
      throw notFound(`dns entry ${name} not found in network ${netid}`);
    }
    this.d.events.publish({ resource: 'dns', action: 'deleted', id: name, network: netid });
    this.schedulePush(netid);
    return `${name}.${netid} deleted.`;
  }

  /** Every entry of every network the host is in (what its pull carries). */
  async entriesOfHost(hostId: string): Promise<DnsEntry[]> {
    const networks = await this.d.repository.networksOfHost(hostId);
    const entries: DnsEntry[] = [];
    for (const netid of networks) entries.push(...(await this.nodes(netid)), ...(await this.custom(netid)));
    return entries;
  }

  /**
   * Pushes the network's list after the answer, not before it: a network of 10,000 hosts took a minute to send
   * (one sealed message per host), and the write is already stored. Changes during a push are coalesced into one
   * more push when it ends, so a burst of writes costs two pushes, not one each.
   */
  schedulePush(netid: string): void {
    if (this.#pushing.has(netid)) {
      this.#changedAgain.add(netid);
      return;
    }
    const run = async () => {
      try {
        do {
          this.#changedAgain.delete(netid);
          await this.push(netid);
        } while (this.#changedAgain.has(netid));
      } catch (error) {
        this.d.onError(error);
      } finally {
        this.#pushing.delete(netid);
      }
    };
    this.#pushing.set(netid, run());
  }

  /** Resolves when every scheduled push has ended (server shutdown, tests). */
  async settled(): Promise<void> {
    while (this.#pushing.size > 0) await Promise.all(this.#pushing.values());
  }

  /** Sends every host of the network the network's entries, a few hosts at a time. */
  async push(netid: string): Promise<void> {
    const names = await this.d.repository.nodeNames(netid);
    const entries = [...names.map(nodeEntry), ...(await this.custom(netid))];
    const hosts = [...new Set(names.map((n) => n.host_id))];
    // The entries are the same for every host: serialised once, not once per host (10,000 hosts with 20,000
    // entries made one DNS write serialise 10,000 copies of 2 MB and take minutes).
    const dns = JSON.stringify({ network: netid, entries } satisfies DnsSyncMessage['DNS']);
    for (let i = 0; i < hosts.length; i += 32)
      await Promise.all(
        hosts.slice(i, i + 32).map(async (hostId) => {
          try {
            await this.d.publish(hostId, dnsSyncPayload(hostId, dns));
          } catch (error) {
            this.d.onError(error);
          }
        }),
      );
  }

  private async requireNetwork(netid: string): Promise<void> {
    if (!(await this.d.repository.networkExists(netid))) throw notFound(`network ${netid} not found`);
  }
}

/** JSON.stringify of the DnsSyncMessage for one host, around the entries already serialised as `dns`. */
export function dnsSyncPayload(hostId: string, dns: string): string {
  return `{"Action":"DNS_SYNC","Host":{"id":${JSON.stringify(hostId)}},"DNS":${dns}}`;
}
