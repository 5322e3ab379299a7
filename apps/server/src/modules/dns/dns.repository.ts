import type { DnsNetworkRanges } from '@meshdeck/contracts';
import { sql, type Kysely } from 'kysely';
import { lockForWrite } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';

const ID_CHUNK = 500;

/** A node's automatic entry source: its host's name and addresses in one network. */
export interface NodeNameRow {
  node_id: string;
  network: string;
  host_id: string;
  host_name: string;
  address: string | null;
  address6: string | null;
}

export interface CustomEntryRow {
  network: string;
  name: string;
  address: string;
  address6: string;
}

/** SQL for DNS: custom entries are this module's table; automatic ones are read from nodes and hosts. */
export class DnsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async networkExists(netid: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('networks').select('netid').where('netid', '=', netid).executeTakeFirst()) !==
      undefined
    );
  }

  /** The ranges of one network (undefined when there is none), or of every network. */
  async networkRanges(netid?: string): Promise<DnsNetworkRanges[]> {
    let query = this.db
      .selectFrom('networks')
      .select(['netid', 'address_range as addressrange', 'address_range6 as addressrange6']);
    if (netid !== undefined) query = query.where('netid', '=', netid);
    return query.execute();
  }

  /** Automatic entry sources of one network, or of all when `netid` is undefined. */
  nodeNames(netid?: string): Promise<NodeNameRow[]> {
    let query = this.nodeNameQuery().orderBy('hosts.name');
    if (netid !== undefined) query = query.where('nodes.network', '=', netid);
    return query.execute();
  }

  /** Automatic entry sources of these nodes and of every node of these hosts (those still there). */
  async nodeNamesOf(nodeIds: readonly string[], hostIds: readonly string[]): Promise<NodeNameRow[]> {
    const rows: NodeNameRow[] = [];
    // Chunks keep the bound parameters far below either engine's limit however large a burst is.
    for (let i = 0; i < nodeIds.length; i += ID_CHUNK)
      rows.push(
        ...(await this.nodeNameQuery()
          .where('nodes.id', 'in', nodeIds.slice(i, i + ID_CHUNK))
          .execute()),
      );
    for (let i = 0; i < hostIds.length; i += ID_CHUNK)
      rows.push(
        ...(await this.nodeNameQuery()
          .where('nodes.host_id', 'in', hostIds.slice(i, i + ID_CHUNK))
          .execute()),
      );
    return rows;
  }

  private nodeNameQuery() {
    return this.db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .select([
        'nodes.id as node_id',
        'nodes.network as network',
        'nodes.host_id as host_id',
        'hosts.name as host_name',
        'nodes.address as address',
        'nodes.address6 as address6',
      ]);
  }

  /** The networks a host has a node in. */
  async networksOfHost(hostId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('nodes').select('network').where('host_id', '=', hostId).execute();
    return [...new Set(rows.map((r) => r.network))].sort();
  }

  custom(netid?: string): Promise<CustomEntryRow[]> {
    let query = this.db.selectFrom('dns_entries').selectAll().orderBy('network').orderBy('name');
    if (netid !== undefined) query = query.where('network', '=', netid);
    return query.execute();
  }

  /**
   * Inserts custom entries of one network after `check` passes, under the network's node lock (names are checked
   * then written); `check` gets the network's ranges (undefined when the network is gone), its automatic names and
   * the custom entries whose names match one of the rows', ignoring case. Every read is done once for the set and
   * the rows go in multi-row inserts, so n entries cost n, not n² (issue 38: 8,000 took 35 s).
   */
  insertMany(
    netid: string,
    rows: readonly CustomEntryRow[],
    check: (network: DnsNetworkRanges | undefined, names: NodeNameRow[], custom: CustomEntryRow[]) => void,
  ): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await lockForWrite(trx, `nodes:${netid}`);
      const inside = new DnsRepository(trx);
      const [network] = await inside.networkRanges(netid);
      const names = await inside.nodeNames(netid);
      // Only the entries that could clash (the same names in any case), not the network's whole list.
      const lowered = [...new Set(rows.map((row) => row.name.toLowerCase()))];
      const custom: CustomEntryRow[] = [];
      for (let i = 0; i < lowered.length; i += ID_CHUNK)
        custom.push(
          ...(await trx
            .selectFrom('dns_entries')
            .selectAll()
            .where('network', '=', netid)
            .where(sql<string>`lower(name)`, 'in', lowered.slice(i, i + ID_CHUNK))
            .execute()),
        );
      check(network, names, custom);
      // 1,000 rows of 4 columns stay far below either engine's limit of bound parameters.
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('dns_entries')
          .values(rows.slice(i, i + 1000))
          .execute();
    });
  }

  /** Deletes a custom entry; whether one was there. */
  async delete(netid: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('dns_entries')
      .where('network', '=', netid)
      .where('name', '=', name)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
