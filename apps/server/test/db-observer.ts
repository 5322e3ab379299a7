import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestServer } from './harness.ts';

/**
 * A second connection to a test server's database, as another client of the database sees it: only what is
 * committed. On SQLite the read runs at the moment `count` is called (synchronously), so a test can tell what was
 * committed at an exact point, such as inside an event listener.
 */
export interface DatabaseObserver {
  /** The first column of the first row of `query` (a count). */
  count(query: string): Promise<number>;
  close(): Promise<void>;
}

/** Opens the observer on the server's database (its SQLite file, or its PostgreSQL database). */
export async function observeDatabase(server: TestServer): Promise<DatabaseObserver> {
  const { databaseUrl, dataDir } = server.app.meshdeck.config;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      count: async (query) => Number(Object.values((await client.query(query)).rows[0] ?? {})[0]),
      close: () => client.end(),
    };
  }
  const sqlite = new SQLite(path.join(dataDir, 'meshdeck.db'), { fileMustExist: true });
  return {
    count: (query) => {
      const row = sqlite.prepare(query).raw().get() as unknown[] | undefined;
      return Promise.resolve(Number(row?.[0]));
    },
    close: () => {
      sqlite.close();
      return Promise.resolve();
    },
  };
}
