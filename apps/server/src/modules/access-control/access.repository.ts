import type { Kysely, Selectable, Transaction } from 'kysely';
import { lockForWrite } from '../../db/locks.ts';
import type {
  AccessAssertionsTable,
  AclMatrixTable,
  AclPoliciesTable,
  Database,
  TagsTable,
} from '../../db/schema.ts';

export type TagRow = Selectable<TagsTable>;
export type PolicyRow = Selectable<AclPoliciesTable>;
export type MatrixRow = Selectable<AclMatrixTable>;
export type AssertionRow = Selectable<AccessAssertionsTable>;

/** A node as access control sees it: its host (for names and peer updates), tags and routing settings. */
export interface AccessNodeRow {
  id: string;
  host_id: string;
  host_name: string;
  address: string | null;
  tags: string;
  settings: string;
  created_at: string;
}

/** An external client as access control sees it. */
export interface AccessClientRow {
  client_id: string;
  gateway_node_id: string;
  owner_id: string;
  address: string | null;
  tags: string;
  denied_node_acls: string;
  created_at: string;
}

/** Everything that decides access in one network, read at one moment. */
export interface NetworkAccessRows {
  netid: string;
  defaultAllow: boolean;
  /** The old matrix's fill (decision 040): 0 none, 1 deny, 2 allow every pair but client to client without a cell. */
  matrixFill: 0 | 1 | 2;
  /** When the fill was set (ISO): members created later are outside it. */
  matrixFillAt: string;
  nodes: AccessNodeRow[];
  clients: AccessClientRow[];
  tags: TagRow[];
  policies: PolicyRow[];
  matrix: MatrixRow[];
  assertions: AssertionRow[];
  /** Group ids of the users owning clients. */
  ownerGroups: Map<string, string[]>;
}

/** A JSON list of ids as stored, or an empty list for anything else. */
export function parseIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    if (value && typeof value === 'object') return Object.keys(value);
  } catch {
    // not JSON: no ids
  }
  return [];
}

async function load(db: Kysely<Database>, netid: string): Promise<NetworkAccessRows | undefined> {
  const network = await db
    .selectFrom('networks')
    .select(['default_acl', 'acl_matrix_fill', 'acl_matrix_fill_at'])
    .where('netid', '=', netid)
    .executeTakeFirst();
  if (!network) return undefined;
  const [nodes, clients, tags, policies, matrix, assertions] = await Promise.all([
    db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .select([
        'nodes.id as id',
        'nodes.host_id as host_id',
        'hosts.name as host_name',
        'nodes.address as address',
        'nodes.tags as tags',
        'nodes.settings as settings',
        'nodes.created_at as created_at',
      ])
      .where('nodes.network', '=', netid)
      .orderBy('nodes.id')
      .execute(),
    db
      .selectFrom('ext_clients')
      .select([
        'client_id',
        'gateway_node_id',
        'owner_id',
        'address',
        'tags',
        'denied_node_acls',
        'created_at',
      ])
      .where('network', '=', netid)
      .orderBy('client_id')
      .execute(),
    db.selectFrom('tags').selectAll().where('network', '=', netid).orderBy('tag_name').execute(),
    db.selectFrom('acl_policies').selectAll().where('network', '=', netid).orderBy('created_at').execute(),
    db.selectFrom('acl_matrix').selectAll().where('network', '=', netid).execute(),
    db
      .selectFrom('access_assertions')
      .selectAll()
      .where('network', '=', netid)
      .orderBy('created_at')
      .execute(),
  ]);
  const owners = [...new Set(clients.map((c) => c.owner_id).filter((o) => o !== ''))];
  const users =
    owners.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['username', 'user_group_ids'])
          .where('username', 'in', owners)
          .execute();
  const ownerGroups = new Map(users.map((u) => [u.username, parseIds(u.user_group_ids)]));
  const defaultAllow = network.default_acl === 1;
  const fill = network.acl_matrix_fill;
  const matrixFill = fill === 1 || fill === 2 ? fill : 0;
  return {
    netid,
    defaultAllow,
    matrixFill,
    matrixFillAt: network.acl_matrix_fill_at,
    nodes,
    clients,
    tags,
    policies,
    matrix,
    assertions,
    ownerGroups,
  };
}

/** The writes one access change may make, all inside the caller's transaction. */
export class AccessWriter {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly netid: string,
  ) {}

  insertTag(row: TagRow) {
    return this.trx.insertInto('tags').values(row).execute();
  }
  deleteTag(id: string) {
    return this.trx.deleteFrom('tags').where('id', '=', id).execute();
  }
  setNodeTags(nodeId: string, tags: readonly string[]) {
    return this.trx
      .updateTable('nodes')
      .set({ tags: JSON.stringify(tags), updated_at: new Date().toISOString() })
      .where('id', '=', nodeId)
      .execute();
  }
  setClientTags(clientId: string, tags: readonly string[]) {
    return this.trx
      .updateTable('ext_clients')
      .set({ tags: JSON.stringify(tags), updated_at: new Date().toISOString() })
      .where('client_id', '=', clientId)
      .execute();
  }
  setClientDenied(clientId: string, denied: readonly string[]) {
    return this.trx
      .updateTable('ext_clients')
      .set({ denied_node_acls: JSON.stringify(denied), updated_at: new Date().toISOString() })
      .where('client_id', '=', clientId)
      .execute();
  }
  async putPolicy(row: PolicyRow) {
    await this.trx.deleteFrom('acl_policies').where('id', '=', row.id).execute();
    await this.trx.insertInto('acl_policies').values(row).execute();
  }
  deletePolicy(id: string) {
    return this.trx.deleteFrom('acl_policies').where('id', '=', id).execute();
  }
  /** Replaces the network's matrix fill and its stored cells (only cells that differ from what fill and default give). */
  async replaceMatrix(fill: 0 | 1 | 2, fillAt: string, cells: readonly MatrixRow[]) {
    await this.trx
      .updateTable('networks')
      .set({ acl_matrix_fill: fill, acl_matrix_fill_at: fillAt })
      .where('netid', '=', this.netid)
      .execute();
    await this.trx.deleteFrom('acl_matrix').where('network', '=', this.netid).execute();
    for (let i = 0; i < cells.length; i += 500)
      await this.trx
        .insertInto('acl_matrix')
        .values(cells.slice(i, i + 500))
        .execute();
  }
  insertAssertion(row: AssertionRow) {
    return this.trx.insertInto('access_assertions').values(row).execute();
  }
  deleteAssertion(id: string) {
    return this.trx.deleteFrom('access_assertions').where('id', '=', id).execute();
  }
  /** Enrollment keys whose `groups` name a renamed tag get the new id. */
  async renameKeyGroups(from: string, to: string) {
    const keys = await this.trx
      .selectFrom('enrollment_keys')
      .select(['value', 'groups'])
      .where('groups', 'like', `%${JSON.stringify(from)}%`)
      .execute();
    for (const key of keys) {
      const groups = (JSON.parse(key.groups) as string[]).map((g) => (g === from ? to : g));
      await this.trx
        .updateTable('enrollment_keys')
        .set({ groups: JSON.stringify(groups) })
        .where('value', '=', key.value)
        .execute();
    }
  }
}

/**
 * SQL for tags, policies, the old matrix and checks. Node and client tags live in their own rows (the contract
 * puts membership there), so this module writes those columns, always under the network's node lock, which the
 * nodes and routing modules take too.
 */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The network's access rows, or undefined for an unknown network. */
  read(netid: string): Promise<NetworkAccessRows | undefined> {
    return load(this.db, netid);
  }

  /** Runs `work` on the rows of the network in one transaction holding its node lock. */
  inNetwork<T>(
    netid: string,
    work: (rows: NetworkAccessRows, write: AccessWriter) => Promise<T>,
  ): Promise<T | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // An unknown network takes no lock (a lock row would be a write for a refused request).
      const exists = await trx
        .selectFrom('networks')
        .select('netid')
        .where('netid', '=', netid)
        .executeTakeFirst();
      if (!exists) return undefined;
      await lockForWrite(trx, `nodes:${netid}`);
      const rows = await load(trx, netid);
      return rows && work(rows, new AccessWriter(trx, netid));
    });
  }

  /** Every network's default access (`defaultacl`). */
  async defaults(): Promise<Map<string, boolean>> {
    const rows = await this.db.selectFrom('networks').select(['netid', 'default_acl']).execute();
    return new Map(rows.map((r) => [r.netid, r.default_acl === 1]));
  }

  /** The network a tag, policy or check belongs to. */
  async networkOf(
    table: 'tags' | 'acl_policies' | 'access_assertions',
    id: string,
  ): Promise<string | undefined> {
    const row = await this.db.selectFrom(table).select('network').where('id', '=', id).executeTakeFirst();
    return row?.network;
  }

  /** The network of a node or a client (the debug route names them without a network). */
  async networkOfMember(id: string): Promise<string | undefined> {
    const node = await this.db.selectFrom('nodes').select('network').where('id', '=', id).executeTakeFirst();
    if (node) return node.network;
    const client = await this.db
      .selectFrom('ext_clients')
      .select('network')
      .where('client_id', '=', id)
      .executeTakeFirst();
    return client?.network;
  }

  /** Full node rows by id, for presenting tag members as ApiNode. */
  nodeRows(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('nodes').selectAll().where('id', 'in', ids).execute();
  }
}
