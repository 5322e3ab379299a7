// Seeds a fresh data directory before the server starts: `tsx apps/server/test/seed-cli.ts <dataDir> <network>
// <range> <count> [<listCount>]`; with listCount, also that many networks, enrollment keys, DNS entries, users and
// activity entries (bulk-seed-lists.ts). Used by scripts/e2e-server.mjs for the scale specs (E2E_SEED_HOSTS); never by the server.
import { openDatabase } from '../src/db/client.ts';
import { seedHosts, seedNetworkRow } from './bulk-seed.ts';
import { seedLists } from './bulk-seed-lists.ts';

const [dataDir, network, range, count, listCount] = process.argv.slice(2);
if (!dataDir || !network || !range || !count)
  throw new Error('usage: seed-cli.ts <dataDir> <network> <range> <count>');
const database = await openDatabase({ dataDir, databaseUrl: undefined });
try {
  await seedNetworkRow(database.db, network, range);
  await seedHosts(database.db, { network, range, count: Number(count) });
  if (listCount) await seedLists(database.db, network, Number(listCount));
} finally {
  await database.destroy();
}
