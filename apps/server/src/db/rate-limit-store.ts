import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import type { Database } from './schema.ts';

/** A key's window after one more hit: hits so far in it, and milliseconds until it ends. */
export interface RateLimitWindow {
  hits: number;
  ttlMs: number;
}

/**
 * Counts one hit for `key` in a window of `windowMs`, on the database's clock (replicas' clocks may differ): one
 * atomic upsert, so hits on every replica count together (decision 062). A window that has ended starts again.
 */
async function countRateLimitHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
): Promise<RateLimitWindow> {
  const now = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  const { rows } = await sql<{ hits: number; ttl: string }>`
    insert into rate_limit_counters as c (key, hits, resets_at) values (${key}, 1, ${now} + ${windowMs})
    on conflict (key) do update set
      hits = case when c.resets_at <= ${now} then 1 else c.hits + 1 end,
      resets_at = case when c.resets_at <= ${now} then ${now} + ${windowMs} else c.resets_at end
    returning hits, (resets_at - ${now})::text as ttl`.execute(db);
  const row = rows[0];
  return { hits: row?.hits ?? 1, ttlMs: Math.max(0, Number(row?.ttl ?? windowMs)) };
}

/** A key's window as it stands, without counting a hit (0 hits when none is open). */
async function readRateLimit(db: Kysely<Database>, key: string): Promise<RateLimitWindow> {
  const { rows } = await sql<{ hits: number; ttl: string }>`
    select hits, (resets_at - (extract(epoch from clock_timestamp()) * 1000)::bigint)::text as ttl
    from rate_limit_counters where key = ${key}`.execute(db);
  const ttlMs = Number(rows[0]?.ttl ?? 0);
  return ttlMs > 0 ? { hits: rows[0]?.hits ?? 0, ttlMs } : { hits: 0, ttlMs: 0 };
}

/** Deletes windows that ended (they would start again anyway): the table holds only the keys seen lately. */
async function deleteEndedRateLimits(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limit_counters
    where resets_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`.execute(db);
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often ended windows are deleted from the shared table. */
const SWEEP_EVERY_MS = 60_000;

/**
 * `@fastify/rate-limit`'s store on PostgreSQL (decision 062): the counters live in `rate_limit_counters`, so a
 * limit holds across every replica instead of per process. Each route has its own keys (method and URL in front
 * of the client's address), as the plugin's in-memory store has. `continueExceeding` and `exponentialBackoff`
 * are not offered (no route uses them).
 */
export function sharedRateLimitStore(app: FastifyInstance, database: DatabaseHandle) {
  const timer = setInterval(() => {
    deleteEndedRateLimits(database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'deleting ended rate-limit windows failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return class SharedRateLimitStore {
    readonly prefix: string;

    /** Built by the plugin with its options, and per route (`child`) with the route's merged in (`routeInfo`). */
    constructor(options: object = {}) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      this.prefix = route?.url ? `${String(route.method)}${route.url as string}-` : 'global-';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countRateLimitHit(database.db, this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(database.db, this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): SharedRateLimitStore {
      return new SharedRateLimitStore(routeOptions);
    }
  };
}
