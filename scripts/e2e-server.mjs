// Starts the compiled server for Playwright, as a user runs it (node apps/server/dist/main.mjs): built console,
// fresh temp data dir, random broker port. Removes the data dir on exit. `npm run test:e2e` and `npm test` build
// first; this script only refuses to start a server that was never built.
// Usage: node scripts/e2e-server.mjs  (env: E2E_PORT, EDITION, and E2E_SEED_HOSTS=<count> to seed network
// "scale" with that many hosts straight into the database before the server starts, and E2E_SEED_LISTS=<count> to
// seed as many networks, enrollment keys, DNS entries, users and activity entries beside them; E2E_TRIAL_STARTED_DAYS_AGO=<days>
// with E2E_TRIAL_ADMIN=<username>:<password> to start a Pro server whose trial began that long ago, with that admin;
// the licence variables LICENSE_KEY, LICENSE_TEST_PUBLIC_KEY and NODE_ENV pass through from the environment)
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps', 'server', 'dist', 'main.mjs');
if (!fs.existsSync(main)) {
  console.error(`e2e-server: ${path.relative(root, main)} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-e2e-'));
if (process.env.E2E_SEED_HOSTS) {
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const args = [
    tsx,
    'apps/server/test/seed-cli.ts',
    dataDir,
    'scale',
    '10.96.0.0/12',
    process.env.E2E_SEED_HOSTS,
    ...(process.env.E2E_SEED_LISTS ? [process.env.E2E_SEED_LISTS] : []),
  ];
  const seeded = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
if (process.env.E2E_TRIAL_STARTED_DAYS_AGO) {
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const [username = '', password = ''] = (process.env.E2E_TRIAL_ADMIN ?? '').split(':');
  const args = [
    tsx,
    'apps/server/test/seed-trial-cli.ts',
    dataDir,
    username,
    password,
    process.env.E2E_TRIAL_STARTED_DAYS_AGO,
  ];
  const seeded = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const child = spawn(process.execPath, [main], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '18080',
    // E2E_HOST: where a spec with agents in network namespaces listens (its lab's bridge address).
    HOST: process.env.E2E_HOST ?? '127.0.0.1',
    ...(process.env.E2E_HOST ? { MQTT_HOST: process.env.E2E_HOST } : {}),
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    CONSOLE_DIR: path.join(root, 'apps', 'web', 'dist'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
  },
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
