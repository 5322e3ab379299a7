// Seeds a fresh data directory before the server starts: `tsx apps/server/test/seed-cli.ts <dataDir> <network>
// <range> <count>`. Used by scripts/e2e-server.mjs for the scale specs (E2E_SEED_HOSTS); never by the server.
import { openDatabase } from '../src/db/client.ts';
import { seedHosts, seedNetworkRow } from './bulk-seed.ts';

const [dataDir, network, range, count] = process.argv.slice(2);
if (!dataDir || !network || !range || !count)
  throw new Error('usage: seed-cli.ts <dataDir> <network> <range> <count>');
const database = await openDatabase({ dataDir, databaseUrl: undefined });
try {
  await seedNetworkRow(database.db, network, range);
  await seedHosts(database.db, { network, range, count: Number(count) });
} finally {
  await database.destroy();
}
