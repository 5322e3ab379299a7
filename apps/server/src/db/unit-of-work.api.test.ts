import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { observeDatabase, type DatabaseObserver } from '../../test/db-observer.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { afterCommit, committed } from '../lib/after-commit.ts';
import type { DatabaseHandle } from './client.ts';

let server: TestServer;
let database: DatabaseHandle;
let observer: DatabaseObserver;
beforeEach(async () => {
  server = await startTestServer();
  database = server.app.meshdeck.database;
  observer = await observeDatabase(server);
});
afterEach(async () => {
  await observer.close();
  await server.close();
});

const COUNT = `select count(*) from write_locks where name like 'uow-%'`;
/** One row written the way every repository writes: through the handle's `db`. */
const write = (name: string) => database.db.insertInto('write_locks').values({ name, touched: 0 }).execute();
const names = async () =>
  (await database.db.selectFrom('write_locks').select('name').where('name', 'like', 'uow-%').execute())
    .map((row) => row.name)
    .sort();
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runInTransaction', () => {
  it('-> when work writes through the handle, another connection sees none of it before COMMIT and all of it after', async () => {
    let seenBeforeCommit: number | undefined;
    let seenInside: string[] = [];
    await database.runInTransaction(async () => {
      await write('uow-a');
      await write('uow-b');
      seenInside = await names();
      seenBeforeCommit = await observer.count(COUNT);
    });
    expect(seenInside).toEqual(['uow-a', 'uow-b']);
    expect(seenBeforeCommit).toBe(0);
    expect(await observer.count(COUNT)).toBe(2);
  });

  it('-> when work throws, every write of it is rolled back, those of a nested transaction() that joined it too', async () => {
    const refused = database.runInTransaction(async () => {
      await write('uow-a');
      await database.db.transaction().execute(async (trx) => {
        await trx.insertInto('write_locks').values({ name: 'uow-b', touched: 0 }).execute();
      });
      expect(await names()).toEqual(['uow-a', 'uow-b']);
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(await names()).toEqual([]);
    expect(await observer.count(COUNT)).toBe(0);
  });

  it('-> when another caller of the same server reads meanwhile, it sees none or all of the work, never half', async () => {
    let startReading!: () => void;
    const reading = new Promise<void>((resolve) => (startReading = resolve));
    // Started outside the unit of work: a request of another client.
    const outside = reading.then(() => names());
    await database.runInTransaction(async () => {
      await write('uow-a');
      startReading();
      await later(50);
      await write('uow-b');
    });
    expect([[], ['uow-a', 'uow-b']]).toContainEqual(await outside);
  });

  it('-> background work that outlives the unit of work queries the database, not the finished transaction', async () => {
    let isTransactionInside: boolean | undefined;
    let late: Promise<{ isTransaction: boolean; rows: string[] }> | undefined;
    await database.runInTransaction(async () => {
      await write('uow-a');
      isTransactionInside = database.db.isTransaction;
      late = later(30).then(async () => ({ isTransaction: database.db.isTransaction, rows: await names() }));
    });
    expect(isTransactionInside).toBe(true);
    expect(await late).toEqual({ isTransaction: false, rows: ['uow-a'] });
  });
});

describe('afterCommit', () => {
  it('-> outside a unit of work runs at once; inside one, runs after COMMIT, when the rows are visible to others', async () => {
    const ran: string[] = [];
    afterCommit(() => ran.push('outside'));
    expect(ran).toEqual(['outside']);

    let seenByEffect: Promise<number> | undefined;
    await database.runInTransaction(async () => {
      await write('uow-a');
      afterCommit(() => {
        ran.push('inside');
        seenByEffect = observer.count(COUNT);
      });
      expect(ran).toEqual(['outside']);
    });
    expect(ran).toEqual(['outside', 'inside']);
    expect(await seenByEffect).toBe(1);
  });

  it('-> inside a unit of work that rolls back, never runs, and a publisher awaiting committed() hears false', async () => {
    const ran: string[] = [];
    let commit: Promise<boolean> | undefined;
    const refused = database.runInTransaction(async () => {
      await write('uow-a');
      afterCommit(() => ran.push('effect'));
      commit = committed();
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(await commit).toBe(false);
    expect(ran).toEqual([]);
    expect(committed()).toBeUndefined();
  });

  it('-> a publisher awaiting committed() inside a unit of work that commits hears true after COMMIT', async () => {
    let commit: Promise<boolean> | undefined;
    await database.runInTransaction(async () => {
      await write('uow-a');
      const held = committed();
      expect(held).toBeInstanceOf(Promise);
      commit = held?.then(async (isCommitted) => isCommitted && (await observer.count(COUNT)) === 1);
    });
    expect(await commit).toBe(true);
  });
});
