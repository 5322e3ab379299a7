import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction, TransactionBuilder } from 'kysely';
import { SideEffectHold } from '../lib/after-commit.ts';
import type { Database } from './schema.ts';

/** An open unit of work: the one transaction every query of its async scope runs in. */
interface Scope {
  owner: Kysely<Database>;
  trx: Transaction<Database>;
  isOpen: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** The scope's transaction when `db` is the database of an open unit of work here, else undefined. */
function transactionOf(db: Kysely<Database>): Transaction<Database> | undefined {
  const scope = scopes.getStore();
  return scope?.isOpen && scope.owner === db ? scope.trx : undefined;
}

/**
 * A nested `transaction()` joins the unit of work: SQLite cannot nest transactions, and on PostgreSQL a second
 * connection would wait for row locks the outer transaction holds. A refusal thrown inside rolls back the whole
 * unit of work (its caller throws it on), which is what the unit is for.
 */
function joined(trx: Transaction<Database>): TransactionBuilder<Database> {
  const builder = {
    execute: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => work(trx),
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
  };
  return builder as unknown as TransactionBuilder<Database>;
}

/** A property of a Kysely instance as used through the proxy: methods stay bound to the instance itself. */
function member(instance: object, property: PropertyKey): unknown {
  const value: unknown = Reflect.get(instance, property, instance);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance) : value;
}

/**
 * The database handle's `db`, which every repository is built with: on each use it is the open unit of work's
 * transaction when the caller runs inside one (runInTransaction), and the database itself otherwise, including
 * after the unit of work ended (so late background work never queries a finished transaction).
 */
export function scopedDatabase(db: Kysely<Database>): Kysely<Database> {
  const boundToDb = new Map<PropertyKey, unknown>();
  return new Proxy(db, {
    get(target, property) {
      const trx = transactionOf(target);
      if (trx) return property === 'transaction' ? () => joined(trx) : member(trx, property);
      if (!boundToDb.has(property)) boundToDb.set(property, member(target, property));
      return boundToDb.get(property);
    },
  });
}

/** How often a unit of work that `retryWhen` accepts the failure of is run again from scratch, in all. */
const ATTEMPTS = 3;

/**
 * Runs `work` as one unit of work on `db` (the real database, not the scoped one): one transaction (one connection
 * on PostgreSQL; SQLite's only one) that every query made through the scoped database inside `work` joins,
 * including the server's own routes called in process. Effects registered with `afterCommit` inside it are sent
 * after COMMIT and dropped on ROLLBACK, which a throw from `work` causes. Inside a unit of work, it joins it.
 * `retryWhen`: a failure it accepts (a unique-index violation: another writer got in first) rolls back and runs
 * `work` again from scratch, up to 3 times in all; a joined unit is never retried (its owner decides).
 */
export async function runInTransaction<T>(
  db: Kysely<Database>,
  work: () => Promise<T>,
  retryWhen?: (error: unknown) => boolean,
): Promise<T> {
  if (transactionOf(db)) return work();
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(db, work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryWhen?.(error)) throw error;
    }
  }
}

async function runOnce<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const hold = new SideEffectHold();
  let value: T;
  try {
    value = await db.transaction().execute(async (trx) => {
      const scope: Scope = { owner: db, trx, isOpen: true };
      try {
        return await hold.run(() => scopes.run(scope, work));
      } finally {
        // Whatever `work` left running queries the database after this, never the transaction.
        scope.isOpen = false;
      }
    });
  } catch (error) {
    hold.drop();
    throw error;
  }
  hold.release();
  return value;
}
