// Cost of the unit of work's scoped database handle (decision 045): every use of the handle's `db` goes through a
// Proxy that asks AsyncLocalStorage whether a unit of work is open. Compared with a Kysely instance over the same
// database without the proxy: one property use, building and compiling a query, and a one-row read. PostgreSQL
// when DATABASE_URL is set (npm run bench runs it under scripts/with-postgres.sh), SQLite otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/schema.ts';
import { percentile } from './seed.ts';

const RUNS = 7;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-bench-uow-'));
const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
// A Kysely instance over the same executor that is not the proxy (the proxy binds methods to its target).
const raw = handle.db.withoutPlugins();
await handle.db
  .insertInto('write_locks')
  .values({ name: 'bench', touched: 0 })
  .onConflict((oc) => oc.column('name').doNothing())
  .execute();

/** Median over RUNS of the per-iteration time of `body`, in nanoseconds. */
function median(count: number, body: () => unknown): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (let i = 0; i < count; i++) body();
    times.push(((performance.now() - started) * 1e6) / count);
  }
  return percentile(times, 50);
}
/** The same for an asynchronous `body`, awaited one at a time. */
async function medianAsync(count: number, body: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (let i = 0; i < count; i++) await body();
    times.push(((performance.now() - started) * 1e6) / count);
  }
  return percentile(times, 50);
}

const read = (db: Kysely<Database>) =>
  db.selectFrom('write_locks').selectAll().where('name', '=', 'bench').executeTakeFirst();
const compile = (db: Kysely<Database>) =>
  db.selectFrom('write_locks').selectAll().where('name', '=', 'bench').compile();
let sink: unknown;
const variants = [
  ['raw', raw],
  ['scoped', handle.db],
] as const;
// The first pass warms both up (the JIT, the statement cache); the second is printed.
for (const pass of [1, 2])
  for (const [label, db] of variants) {
    const touch = median(1_000_000, () => (sink = db.selectFrom));
    const built = median(20_000, () => compile(db));
    const query = await medianAsync(2_000, () => read(db));
    if (pass === 2)
      console.log(
        `unit_of_work_${handle.engine}_${label}: property ${touch.toFixed(0)} ns, build+compile ${(built / 1000).toFixed(2)} us, one-row read ${(query / 1000).toFixed(1)} us`,
      );
  }
void sink;
await handle.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
