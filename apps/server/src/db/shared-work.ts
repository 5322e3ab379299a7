import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { SharedWork } from '../lib/shared-work.ts';
import type { Database } from './schema.ts';

export type { SharedWork } from '../lib/shared-work.ts';

/** A lone process: it owns everything, always, and nothing goes through the database. */
export function soloWork(): SharedWork {
  return {
    isShared: false,
    isOwner: () => true,
    term: () => undefined,
    onOwnership: () => undefined,
    send: () => undefined,
    consume: () => undefined,
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** The lease lasts this long past each renewal; a dead owner's work is taken over within LEASE_MS + RENEW_MS. */
export const LEASE_MS = 3000;
/** Every replica tries to take or renew the lease this often. */
export const RENEW_MS = 1000;
/** The owner stops this long before the lease it last renewed expires (its clock and the database's may drift). */
const SAFETY_MS = 500;
/** Work items taken per batch. */
const BATCH_ITEMS = 5000;
const LEASE_NAME = 'work';

export interface LeasedWorkOptions {
  databaseUrl: string;
  db: Kysely<Database>;
  onError: (error: unknown, what: string) => void;
}

/**
 * Several replicas on one PostgreSQL: a lease row (name, holder, term, expiry on the database's clock) renewed
 * every second on a connection of its own, so a busy pool never delays a renewal. A row rather than an advisory
 * lock: an owner cut off from the database (not only a dead one) loses the work by the clock, stops on its own
 * before the lease expires, and the term names each ownership, which fences the peer-update versions.
 */
export function leasedWork({ databaseUrl, db, onError }: LeasedWorkOptions): SharedWork {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  let ownedUntil = 0;
  let currentTerm: string | undefined;
  let announced = false;
  let isClosed = false;
  let isRenewing = false;
  const listeners: ((isOwner: boolean) => void)[] = [];
  const consumers: (() => void)[] = [];
  const isOwner = () => !isClosed && Date.now() < ownedUntil;

  const announce = () => {
    const now = isOwner();
    if (now === announced) return;
    announced = now;
    if (!now) currentTerm = undefined;
    for (const listener of listeners) listener(now);
    if (now) for (const wake of consumers) wake();
  };

  const renew = async () => {
    if (isRenewing || isClosed) return;
    isRenewing = true;
    const startedAt = Date.now();
    try {
      const { rows } = await pool.query<{ term: string }>(
        // Expiry is judged by the database's clock, so replicas' clocks need not agree.
        `INSERT INTO work_leases (name, holder, term, expires_ms)
           VALUES ($1, $2, $3, (extract(epoch from clock_timestamp()) * 1000)::bigint + $4)
         ON CONFLICT (name) DO UPDATE SET
           term = CASE WHEN work_leases.holder = EXCLUDED.holder THEN work_leases.term ELSE EXCLUDED.term END,
           holder = EXCLUDED.holder, expires_ms = EXCLUDED.expires_ms
         WHERE work_leases.holder = EXCLUDED.holder
            OR work_leases.expires_ms < (extract(epoch from clock_timestamp()) * 1000)::bigint
         RETURNING term`,
        [LEASE_NAME, holder, randomBytes(6).toString('base64url'), LEASE_MS],
      );
      const term = rows[0]?.term;
      if (term !== undefined && !isClosed) {
        // Another term means another replica owned the work in between: announce the loss, then the new term.
        if (currentTerm !== undefined && term !== currentTerm) {
          ownedUntil = 0;
          announce();
        }
        currentTerm = term;
        ownedUntil = startedAt + LEASE_MS - SAFETY_MS;
      } else ownedUntil = 0;
    } catch (error) {
      onError(error, 'work lease renewal failed');
    } finally {
      isRenewing = false;
      announce();
    }
  };
  // The clock is checked every tick whatever the renewal does: a hung query still ends the ownership in time.
  const ticker = setInterval(() => {
    announce();
    void renew();
  }, RENEW_MS);
  ticker.unref();

  return {
    isShared: true,
    isOwner,
    term: () => (isOwner() ? currentTerm : undefined),
    onOwnership: (listener) => void listeners.push(listener),
    send(kind, bodies) {
      if (bodies.length === 0) return;
      db.insertInto('work_outbox')
        .values(bodies.map((body) => ({ kind, body })))
        .execute()
        .catch((error: unknown) => onError(error, `${kind} work not handed over`));
    },
    consume(kind, everyMs, handle) {
      let timer: NodeJS.Timeout | undefined;
      let isTakeover = true;
      let isRunning = false;
      const run = async () => {
        timer = undefined;
        if (isClosed || isRunning) return;
        if (!isOwner()) {
          isTakeover = true;
          return; // woken again by the next takeover
        }
        isRunning = true;
        const started = Date.now();
        try {
          const rows = await db
            .selectFrom('work_outbox')
            .select(['id', 'body'])
            .where('kind', '=', kind)
            .orderBy('id')
            .limit(BATCH_ITEMS)
            .execute();
          if (rows.length > 0 || isTakeover) {
            await handle(
              rows.map((row) => row.body),
              isTakeover,
            );
            isTakeover = false;
          }
          const last = rows.at(-1);
          if (last)
            await db.deleteFrom('work_outbox').where('kind', '=', kind).where('id', '<=', last.id).execute();
        } catch (error) {
          onError(error, `${kind} work failed`);
        } finally {
          isRunning = false;
        }
        if (!isClosed) {
          timer = setTimeout(() => void run(), Math.max(everyMs, Date.now() - started));
          timer.unref();
        }
      };
      consumers.push(() => {
        if (timer === undefined && !isRunning) void run();
      });
      if (isOwner()) void run();
    },
    async start() {
      await renew();
    },
    async close() {
      isClosed = true;
      clearInterval(ticker);
      announce();
      await pool
        .query(`UPDATE work_leases SET expires_ms = 0 WHERE name = $1 AND holder = $2`, [LEASE_NAME, holder])
        .catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

/** The lease's current term as stored (every replica reads it for pulls: the epoch of the owner's updates). */
export async function storedTerm(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('work_leases')
    .select('term')
    .where('name', '=', LEASE_NAME)
    .executeTakeFirst();
  return row?.term;
}
