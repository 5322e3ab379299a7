import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { leasedWork, soloWork, type SharedWork } from './shared-work.ts';
import { runInTransaction, scopedDatabase } from './unit-of-work.ts';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /** The database, or the open unit of work's transaction for a caller inside one (db/unit-of-work.ts). */
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /**
   * Runs `work` in one transaction that every query through `db` inside it joins; effects wait for COMMIT. The one
   * transaction mechanism of the server (decisions 045, 059): services get it as `transaction` (a UnitOfWork).
   * With `retryOnUniqueViolation`, a unit that another writer beat to a unique index runs again from scratch.
   */
  runInTransaction<T>(work: () => Promise<T>, options?: { retryOnUniqueViolation?: boolean }): Promise<T>;
  /** True when a round trip to the database succeeds (and, for SQLite, the opened file is still in place). */
  isHealthy(): Promise<boolean>;
  /** Single-runner work: owned by this process alone, or by one replica at a time through a lease (decision 063). */
  work: SharedWork;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections for ordinary queries (default 20). */
  poolSize?: number;
  /** Replicas may share this database (an external broker): single-runner work goes through a lease (063). */
  isShared?: boolean;
  /** Where the lease and the outbox report failures. */
  onWorkError?: (error: unknown, what: string) => void;
}

/** The health check's own budget: it answers "unhealthy" quickly instead of waiting behind busy queries. */
const HEALTH_TIMEOUT_MS = 2000;
/**
 * How long an ordinary query waits for a pooled connection. Under a burst, queries queue for a free connection
 * rather than fail; only a database that stays unreachable this long turns into an error.
 */
const POOL_WAIT_MS = 30_000;
const DEFAULT_POOL_SIZE = 20;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('database health check timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function openSqlite(dataDir: string): { dialect: SqliteDialect; fileStillOpen: () => boolean } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'meshdeck.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // An open SQLite handle keeps answering after its file is deleted or replaced, so health also compares inodes.
  const openedInode = fs.statSync(file).ino;
  const fileStillOpen = () => {
    try {
      return fs.statSync(file).ino === openedInode;
    } catch {
      return false;
    }
  };
  return { dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), fileStillOpen };
}

/** Prepared statements kept, least recently used dropped first (queries with IN lists vary in text). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, which costs about as much as running a small one: statements are reused
 * by SQL text instead. A statement still being iterated (`busy`) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = cache.get(sql);
      cache.delete(sql);
      const statement = cached && !cached.busy ? cached : sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      return statement;
    },
  };
}

/** Opens the configured database (PostgreSQL when a URL is given, else SQLite under dataDir) and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let engine: DatabaseEngine;
  let fileStillOpen = () => true;
  let ping: () => Promise<unknown> = () => sql`select 1`.execute(db);
  let closeHealthPool = () => Promise.resolve();
  if (options.databaseUrl) {
    engine = 'postgres';
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: POOL_WAIT_MS,
    });
    // The health check has a one-connection pool of its own, so a queue of ordinary queries never makes the
    // server look down, and its short timeout never applies to ordinary queries.
    const healthPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 1,
      connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
      idleTimeoutMillis: 60_000,
    });
    // An idle client losing its connection must not crash the process; health checks report it instead.
    pool.on('error', () => undefined);
    healthPool.on('error', () => undefined);
    ping = () => healthPool.query('select 1');
    closeHealthPool = () => healthPool.end();
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    engine = 'sqlite';
    const sqlite = openSqlite(options.dataDir);
    fileStillOpen = sqlite.fileStillOpen;
    db = new Kysely<Database>({ dialect: sqlite.dialect });
  }

  // Numbers are handed out per change, so one can land after a higher one (055 after 061): a database that already
  // ran the higher one still runs the lower one rather than refusing to start.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await closeHealthPool();
    await db.destroy();
    throw error instanceof Error ? error : new Error('database migration failed');
  }

  const work =
    engine === 'postgres' && options.isShared && options.databaseUrl
      ? leasedWork({
          databaseUrl: options.databaseUrl,
          db,
          onError: options.onWorkError ?? (() => undefined),
        })
      : soloWork();
  await work.start();
  return {
    db: scopedDatabase(db),
    engine,
    work,
    runInTransaction: (work, options) =>
      runInTransaction(db, work, options?.retryOnUniqueViolation ? isUniqueViolation : undefined),
    async isHealthy() {
      if (!fileStillOpen()) return false;
      try {
        await withTimeout(ping(), HEALTH_TIMEOUT_MS);
        return true;
      } catch {
        return false;
      }
    },
    async destroy() {
      await work.close();
      await closeHealthPool();
      await db.destroy();
    },
  };
}

/** True when a database error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
