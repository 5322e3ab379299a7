import type { NewNetwork } from '@meshdeck/contracts';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import { lockForWrite } from '../../db/locks.ts';
import type { Database, NetworksTable } from '../../db/schema.ts';

/** A stored network with its unix-second stamps as numbers on both engines. */
export type NetworkRow = Omit<Selectable<NetworksTable>, 'nodes_last_modified' | 'network_last_modified'> & {
  nodes_last_modified: number;
  network_last_modified: number;
};

/** The defaults an update may change. */
export type NetworkSettings = Partial<
  Omit<NewNetwork, 'netid' | 'addressrange' | 'addressrange6' | 'isipv4' | 'isipv6'>
>;

/** An open write transaction; services pass it through without looking inside. */
export type NetworkTransaction = Transaction<Database>;

const NETWORKS_LOCK = 'networks';

// PostgreSQL returns bigint columns as strings; SQLite returns numbers.
const toRow = (row: Selectable<NetworksTable>): NetworkRow => ({
  ...row,
  nodes_last_modified: Number(row.nodes_last_modified),
  network_last_modified: Number(row.network_last_modified),
});

const flag = (value: string | undefined) => (value === undefined ? undefined : value === 'yes' ? 1 : 0);

function settingsColumns(settings: NetworkSettings): Updateable<NetworksTable> {
  const columns: Updateable<NetworksTable> = {
    default_keepalive: settings.defaultkeepalive,
    default_mtu: settings.defaultmtu,
    default_listen_port: settings.defaultlistenport,
    default_acl: flag(settings.defaultacl),
    default_udp_hole_punch: flag(settings.defaultudpholepunch),
    allow_manual_signup: flag(settings.allowmanualsignup),
    default_dns: settings.defaultdns,
    default_ext_client_dns: settings.defaultextclientdns,
    pro_settings:
      settings.prosettings === undefined
        ? undefined
        : settings.prosettings && JSON.stringify(settings.prosettings),
    internet_fail_mode: settings.internetfailmode,
  };
  // Undefined means "keep": drop those keys so the UPDATE leaves the columns alone.
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** SQL for networks; the only place that reads or writes the networks table. */
export class NetworksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction holding the networks write lock, so overlap checks and writes cannot interleave. */
  inWriteTransaction<T>(work: (trx: NetworkTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockForWrite(trx, NETWORKS_LOCK);
      return work(trx);
    });
  }

  /** Finds a network by netid. */
  async findByNetId(netid: string, executor: Kysely<Database> = this.db): Promise<NetworkRow | undefined> {
    const row = await executor
      .selectFrom('networks')
      .selectAll()
      .where('netid', '=', netid)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Every network sorted by netid in code-point order (database collations differ, and PostgreSQL's may ignore '-'). */
  async listAll(executor: Kysely<Database> = this.db): Promise<NetworkRow[]> {
    const rows = await executor.selectFrom('networks').selectAll().execute();
    return rows.map(toRow).sort((a, b) => (a.netid < b.netid ? -1 : a.netid > b.netid ? 1 : 0));
  }

  /** Inserts a network; returns 'duplicate' when the netid is taken. */
  async insert(trx: NetworkTransaction, network: NewNetwork, now: Date): Promise<NetworkRow | 'duplicate'> {
    const seconds = Math.floor(now.getTime() / 1000);
    try {
      const row = await trx
        .insertInto('networks')
        .values({
          netid: network.netid,
          address_range: network.addressrange,
          address_range6: network.addressrange6,
          default_keepalive: network.defaultkeepalive,
          default_mtu: network.defaultmtu,
          default_listen_port: network.defaultlistenport,
          default_acl: network.defaultacl === 'yes' ? 1 : 0,
          default_udp_hole_punch: network.defaultudpholepunch === 'yes' ? 1 : 0,
          allow_manual_signup: network.allowmanualsignup === 'yes' ? 1 : 0,
          default_dns: network.defaultdns,
          default_ext_client_dns: network.defaultextclientdns,
          pro_settings: network.prosettings && JSON.stringify(network.prosettings),
          internet_fail_mode: network.internetfailmode,
          nodes_last_modified: seconds,
          network_last_modified: seconds,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Applies new defaults and stamps the network as modified; undefined when the network is gone. */
  async updateSettings(
    trx: NetworkTransaction,
    netid: string,
    settings: NetworkSettings,
    now: Date,
  ): Promise<NetworkRow | undefined> {
    const row = await trx
      .updateTable('networks')
      .set({
        ...settingsColumns(settings),
        network_last_modified: Math.floor(now.getTime() / 1000),
        updated_at: now.toISOString(),
      })
      .where('netid', '=', netid)
      .returningAll()
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Deletes a network; false when there was none. */
  async delete(trx: NetworkTransaction, netid: string): Promise<boolean> {
    const result = await trx.deleteFrom('networks').where('netid', '=', netid).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
