import {
  dnsEntryProblem,
  type ChangeEvent,
  type DnsEntry,
  type DnsEntryInput,
  type DnsNetworkRanges,
  type DnsSyncMessage,
} from '@meshdeck/contracts';
import { afterCommit } from '../../lib/after-commit.ts';
import { ItemRefused, badRequest, notFound } from '../../lib/api-error.ts';
import type { CustomEntryRow, DnsRepository } from './dns.repository.ts';
import { nodeEntry, nodeEntryName, type DnsUpdateQueue, type HostPublish } from './dns-updates.ts';

export interface DnsDependencies {
  repository: DnsRepository;
  events: { publish(event: ChangeEvent): void };
  /** Sends a network's hosts what changed (DNS_UPDATE). */
  updates: Pick<DnsUpdateQueue, 'customChanged'>;
  /** Publishes one sealed message to one host (the broker handle's publishToHost on its host-update topic). */
  publish: HostPublish;
  onError: (error: unknown) => void;
}

const customEntry = (row: CustomEntryRow): DnsEntry => ({ ...row });

/**
 * A stored custom entry as listed: one that breaks decision 048's rules (stored before them) carries why in
 * `invalid`; it is kept, listed and deletable, but never sent to hosts.
 */
function checkedEntry(row: CustomEntryRow, network: DnsNetworkRanges | undefined): DnsEntry {
  const problem = network
    ? dnsEntryProblem(row, network)
    : { field: 'network', message: `network ${row.network} not found` };
  return problem ? { ...row, invalid: `${problem.field}: ${problem.message}` } : customEntry(row);
}

/**
 * DNS entries (api-contract §2.10): automatic `<host>.<network>` entries for every node and custom entries per
 * network. A change sends each host of the network only what changed (DNS_UPDATE, decision 034); the whole list
 * goes into pulls and on an administrator's sync (DNS_SYNC).
 */
export class DnsService {
  constructor(private readonly d: DnsDependencies) {}

  /** Automatic then custom entries, of one network or of all. */
  async list(netid?: string): Promise<DnsEntry[]> {
    if (netid !== undefined) await this.requireNetwork(netid);
    return [...(await this.nodes(netid)), ...(await this.custom(netid))];
  }

  async nodes(netid?: string): Promise<DnsEntry[]> {
    return (await this.d.repository.nodeNames(netid)).map(nodeEntry);
  }

  /** Custom entries, each checked against its network's rules (`invalid` on those that break them). */
  async custom(netid?: string): Promise<DnsEntry[]> {
    const networks = new Map(
      (await this.d.repository.networkRanges(netid)).map((network) => [network.netid, network]),
    );
    return (await this.d.repository.custom(netid)).map((row) => checkedEntry(row, networks.get(row.network)));
  }

  /** The custom entries hosts are sent: those that keep the rules (decision 048). */
  private async sentCustom(netid: string): Promise<DnsEntry[]> {
    return (await this.custom(netid)).filter((entry) => entry.invalid === undefined);
  }

  /**
   * Adds a custom entry; 400 naming the field for a name that is not `<label>….<network>` (RFC 1123 labels), an
   * address outside the network's range, or a name already used in the network (custom or automatic).
   */
  async create(netid: string, input: DnsEntryInput): Promise<DnsEntry> {
    const [entry] = await this.createMany(netid, [input]);
    if (!entry) throw new Error('no entry created');
    return entry;
  }

  /**
   * Adds a set of custom entries to one network, all or none, under the rules of `create`, with the network's names
   * read once and multi-row inserts (an import's entries, decision 060). A refusal is an `ItemRefused` naming the
   * input's index, with `create`'s status and message.
   */
  async createMany(netid: string, inputs: readonly DnsEntryInput[]): Promise<DnsEntry[]> {
    await this.requireNetwork(netid);
    const rows = inputs.map((input, index): CustomEntryRow => {
      if (input.network && input.network !== netid)
        throw new ItemRefused(index, badRequest(`network: the entry is for ${netid}, not ${input.network}`));
      return {
        network: netid,
        name: input.name,
        address: input.address ?? '',
        address6: input.address6 ?? '',
      };
    });
    await this.d.repository.insertMany(netid, rows, (network, names, custom) => {
      if (!network) throw notFound(`network ${netid} not found`);
      const taken = new Set(custom.map((e) => e.name.toLowerCase()));
      const automatic = new Set(names.map((n) => nodeEntryName(n.host_name, n.network)));
      rows.forEach((row, index) => {
        const problem = dnsEntryProblem(row, network);
        if (problem) throw new ItemRefused(index, badRequest(`${problem.field}: ${problem.message}`));
        const lower = row.name.toLowerCase();
        if (taken.has(lower))
          throw new ItemRefused(index, badRequest(`name: ${row.name} already exists in network ${netid}`));
        if (automatic.has(lower))
          throw new ItemRefused(
            index,
            badRequest(`name: ${row.name} is a node's automatic name in network ${netid}`),
          );
        taken.add(lower);
      });
    });
    for (const row of rows) {
      this.d.events.publish({ resource: 'dns', action: 'created', id: row.name, network: netid });
      // Inside an import (one unit of work) the hosts hear of it after COMMIT, never after a ROLLBACK.
      afterCommit(() => this.d.updates.customChanged(netid, row.name, customEntry(row)));
    }
    return rows.map(customEntry);
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
    afterCommit(() => this.d.updates.customChanged(netid, name, null));
    // The contract's "<domain>.<network> deleted.", where the name already ends in its network (decision 048).
    return `${name.toLowerCase().endsWith(`.${netid}`) ? name : `${name}.${netid}`} deleted.`;
  }

  /** Every entry of every network the host is in (what its pull carries). */
  async entriesOfHost(hostId: string): Promise<DnsEntry[]> {
    const networks = await this.d.repository.networksOfHost(hostId);
    const entries: DnsEntry[] = [];
    for (const netid of networks)
      entries.push(...(await this.nodes(netid)), ...(await this.sentCustom(netid)));
    return entries;
  }

  /** Sends every host of the network the network's whole list (DNS_SYNC, at QoS 1), a few hosts at a time. */
  async push(netid: string): Promise<void> {
    const names = await this.d.repository.nodeNames(netid);
    const entries = [...names.map(nodeEntry), ...(await this.sentCustom(netid))];
    const hosts = [...new Set(names.map((n) => n.host_id))];
    // The entries are the same for every host: serialised once, not once per host (10,000 hosts with 20,000
    // entries made one DNS write serialise 10,000 copies of 2 MB and take minutes).
    const dns = JSON.stringify({ network: netid, entries } satisfies DnsSyncMessage['DNS']);
    for (let i = 0; i < hosts.length; i += 32)
      await Promise.all(
        hosts.slice(i, i + 32).map(async (hostId) => {
          try {
            await this.d.publish(hostId, dnsSyncPayload(hostId, dns), 1);
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
