import type { Kysely, Selectable } from 'kysely';
import type { ActivityLogTable, Database } from '../../db/schema.ts';
import type { SnapshotTable } from './activity-targets.ts';

export type ActivityRow = Selectable<ActivityLogTable>;

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

  /** A host's name, for entries a host made. */
  async hostName(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('hosts').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name;
  }

  /** Stores one entry. */
  async insert(row: ActivityRow): Promise<void> {
    await this.db.insertInto('activity_log').values(row).execute();
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
