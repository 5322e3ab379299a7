import type { Kysely } from 'kysely';
import { lockForWrite } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import type { LicenseLimitKind } from './license-token.ts';

/** The transaction (or database) a store inserts in; a limit is checked inside it. */
export type LicenseTransaction = Kysely<Database>;

/** Settings key of the moment this server first started as Pro (the trial counts from it). */
export const TRIAL_STARTED_AT_KEY = 'pro_trial_started_at';

// The tables whose rows a licence limit counts: one row per host, user and network.
const COUNTED_TABLE = { hosts: 'hosts', users: 'users', networks: 'networks' } as const;

/** SQL for the licence: the stored trial start and the counts its limits apply to. */
export class LicensesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored trial start, or `now` stored as it when there is none; safe under concurrent starts. */
  async trialStartedAt(now: Date): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key: TRIAL_STARTED_AT_KEY, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', TRIAL_STARTED_AT_KEY)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  /** How many hosts, users or networks exist now. */
  async count(kind: LicenseLimitKind): Promise<number> {
    const row = await this.db
      .selectFrom(COUNTED_TABLE[kind])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Inside the caller's transaction: takes the write lock of `kind`'s licence limit (held until commit, so
   * concurrent inserts of that kind take turns; SQLite runs one write transaction at a time anyway), then counts.
   * The count runs after the lock is granted, so it sees every insert committed by the previous holder.
   */
  async lockAndCount(kind: LicenseLimitKind): Promise<number> {
    await lockForWrite(this.db, `license-limit:${kind}`);
    return this.count(kind);
  }

  /** True when a host with this id is already registered (its re-registration adds no host). */
  async hostExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('hosts').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
