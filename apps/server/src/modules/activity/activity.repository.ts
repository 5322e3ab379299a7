import type { Kysely, Selectable } from 'kysely';
import type { ActivityLogTable, Database } from '../../db/schema.ts';
import type { SnapshotTable } from './activity-targets.ts';

export type ActivityRow = Selectable<ActivityLogTable>;

/** The ids of a stored JSON list (or the keys of a JSON object); none for anything else. */
function parseIdList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    if (value && typeof value === 'object') return Object.keys(value);
  } catch {
    // not JSON: no ids
  }
  return [];
}

/** Which entries a reader may see: every one, or their own plus those of networks they administer. */
export type ActivityScope =
  { kind: 'all' } | { kind: 'scoped'; username: string; networks: readonly string[]; allNetworks: boolean };

export interface ActivityFilter {
  networkId?: string | undefined;
  username?: string | undefined;
  subjectType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** SQL of the activity log, and the one generic row read the capture snapshots targets with. */
export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The rows of `table` matching every `where` column (none when a key value is empty). */
  async snapshot(table: SnapshotTable, where: Record<string, string>): Promise<Record<string, unknown>[]> {
    const entries = Object.entries(where);
    if (table === 'none' || entries.length === 0 || entries.some(([, value]) => value === '')) return [];
    // The table and columns come from the fixed rule table in activity-targets.ts, never from a request.
    let query = (this.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom(table)
      .selectAll();
    for (const [column, value] of entries) query = query.where(column, '=', value);
    return query.limit(5000).execute();
  }

  /** The host name of each of these nodes that exists, by node id. */
  async nodeNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .select(['nodes.id as id', 'hosts.name as name'])
      .where('nodes.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * Who carries each of a network's tags `tagIds`: its nodes by host name, then its clients by id, each sorted. Two
   * reads whatever the number of tags (an import names thousands at once).
   */
  async tagMembers(tagIds: readonly string[], network: string): Promise<Map<string, string[]>> {
    const wanted = new Set(tagIds);
    const members = new Map(tagIds.map((id) => [id, { nodes: [] as string[], clients: [] as string[] }]));
    // The LIKE narrows by text when there is one tag (`_` and `%` match more); the parsed lists decide.
    const pattern = tagIds.length === 1 ? `%${JSON.stringify(tagIds[0])}%` : '%"%';
    const nodes = await this.db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .select(['hosts.name as name', 'nodes.tags as tags'])
      .where('nodes.network', '=', network)
      .where('nodes.tags', 'like', pattern)
      .execute();
    const clients = await this.db
      .selectFrom('ext_clients')
      .select(['client_id', 'tags'])
      .where('network', '=', network)
      .where('tags', 'like', pattern)
      .execute();
    for (const node of nodes)
      for (const id of parseIdList(node.tags)) if (wanted.has(id)) members.get(id)?.nodes.push(node.name);
    for (const client of clients)
      for (const id of parseIdList(client.tags))
        if (wanted.has(id)) members.get(id)?.clients.push(client.client_id);
    const sorted = (names: string[]) => names.sort((a, b) => a.localeCompare(b));
    return new Map([...members].map(([id, m]) => [id, [...sorted(m.nodes), ...sorted(m.clients)]] as const));
  }

  /** A host's name, for entries a host made. */
  async hostName(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('hosts').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name;
  }

  /** Stores one entry. */
  async insert(row: ActivityRow): Promise<void> {
    await this.db.insertInto('activity_log').values(row).execute();
  }

  /** Stores entries in multi-row inserts (an import's set of creations, decision 060). */
  async insertMany(rows: readonly ActivityRow[]): Promise<void> {
    // 500 rows of 17 columns (8,500 bound parameters) stay below either engine's limit (SQLite 32,766, PostgreSQL
    // 65,535); fewer statements keep an import's transaction short.
    for (let i = 0; i < rows.length; i += 500)
      await this.db
        .insertInto('activity_log')
        .values(rows.slice(i, i + 500))
        .execute();
  }

  /** One page of entries, newest first, that match the filter and the reader's scope. */
  async list(
    filter: ActivityFilter,
    scope: ActivityScope,
    page: number,
    perPage: number,
  ): Promise<ActivityRow[]> {
    let query = this.db.selectFrom('activity_log').selectAll();
    if (filter.networkId !== undefined) query = query.where('network_id', '=', filter.networkId);
    if (filter.username !== undefined)
      query = query.where('actor_kind', '=', 'user').where('actor_id', '=', filter.username);
    if (filter.subjectType !== undefined) query = query.where('subject_type', '=', filter.subjectType);
    if (filter.from !== undefined) query = query.where('time_stamp', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('time_stamp', '<=', filter.to);
    if (scope.kind === 'scoped') {
      const { username, networks, allNetworks } = scope;
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('actor_kind', '=', 'user'), eb('actor_id', '=', username)]),
          ...(allNetworks ? [eb('network_id', '<>', '')] : []),
          ...(networks.length > 0 ? [eb('network_id', 'in', [...networks])] : []),
        ]),
      );
    }
    return query
      .orderBy('time_stamp', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
  }

  /** Deletes entries older than `before` (an ISO time); returns how many went. */
  async prune(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('activity_log')
      .where('time_stamp', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
