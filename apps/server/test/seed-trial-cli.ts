// Prepares a Pro data directory whose trial started `daysAgo` days ago, with its super admin:
// `tsx apps/server/test/seed-trial-cli.ts <dataDir> <username> <password> <daysAgo>`. Used by
// scripts/e2e-server.mjs (E2E_TRIAL_STARTED_DAYS_AGO) for the trial-ended spec; never by the server.
// The admin is created through the real route while the trial still runs; then the stored start moves back.
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TRIAL_STARTED_AT_KEY } from '../src/modules/licenses/licenses.repository.ts';

const [dataDir, username, password, daysAgo] = process.argv.slice(2);
if (!dataDir || !username || !password || !daysAgo || !/^\d+$/.test(daysAgo))
  throw new Error('usage: seed-trial-cli.ts <dataDir> <username> <password> <daysAgo>');
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    EDITION: 'pro',
    PORT: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
  }),
);
try {
  const created = await app.inject({
    method: 'POST',
    url: '/api/users/adm/createsuperadmin',
    payload: { username, password },
  });
  if (created.statusCode !== 200) throw new Error(`createsuperadmin answered ${created.statusCode}`);
  const startedAt = new Date(Date.now() - Number(daysAgo) * 24 * 60 * 60 * 1000).toISOString();
  await app.meshdeck.database.db
    .updateTable('server_settings')
    .set({ value: startedAt })
    .where('key', '=', TRIAL_STARTED_AT_KEY)
    .execute();
} finally {
  await app.close();
}
