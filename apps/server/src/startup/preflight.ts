import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.ts';
import { StartupError, describeDatabaseUrl, describeListenError } from './startup-errors.ts';

const PROBE_TIMEOUT_MS = 5000;
/** The file db/client.ts opens under DATA_DIR. */
const SQLITE_FILE = 'meshdeck.db';
const SQLITE_MAGIC = 'SQLite format 3\0';
const POSTGRES_DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432 };
const MQTT_DEFAULT_PORTS: Record<string, number> = {
  'mqtt:': 1883,
  'tcp:': 1883,
  'mqtts:': 8883,
  'ws:': 80,
  'wss:': 443,
};

/**
 * Creates DATA_DIR one level at a time: fs.mkdirSync(..., { recursive: true }) loops forever on a path such as
 * /proc/x (ENOENT for a parent that exists), which is how a bad DATA_DIR used to hang the server.
 */
function ensureDirectory(dir: string): void {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    const stat = fs.statSync(current, { throwIfNoEntry: false });
    if (stat && !stat.isDirectory())
      throw new StartupError('DATA_DIR', `${current} is a file, not a directory`);
    if (stat) break;
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const level of missing) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      throw new StartupError(
        'DATA_DIR',
        `cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
}

/** DATA_DIR must be a writable directory, and a database file in it must be SQLite (checked by its header). */
function checkDataDir(dir: string): void {
  ensureDirectory(dir);
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(
      'DATA_DIR',
      `${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const file = path.join(dir, SQLITE_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat || stat.size === 0) return;
  const header = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_MAGIC) {
    throw new StartupError(
      'DATA_DIR',
      `${file} is not a SQLite database (damaged or replaced): restore it from a backup or move it away`,
    );
  }
}

/** Resolves when a TCP connection to host:port opens within PROBE_TIMEOUT_MS; rejects with the socket error. */
function probeTcp(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: PROBE_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', reject);
  });
}

/** A URL that parses and whose host accepts TCP connections; the message never repeats user or password. */
async function checkReachable(
  variable: string,
  url: string,
  what: string,
  defaultPorts: Record<string, number>,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartupError(variable, 'is not a valid URL');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // A Unix socket (empty host, or PostgreSQL's ?host=/path) is left to the driver.
  if (host === '' || parsed.searchParams.get('host')?.startsWith('/')) return;
  const port = Number(parsed.port || defaultPorts[parsed.protocol]);
  try {
    await probeTcp(host, port);
  } catch (error) {
    const where = variable === 'DATABASE_URL' ? describeDatabaseUrl(url) : `${host}:${port}`;
    throw new StartupError(
      variable,
      `cannot reach the ${what} at ${where} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** Binds host:port once and lets go, so a taken port or a foreign address is reported before anything opens. */
function checkListen(names: { port: string; host: string }, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) =>
      reject(new StartupError(...describeListenError(error, names, host, port))),
    );
    server.listen({ port, host }, () => server.close(() => resolve()));
  });
}

/** Checks what start-up needs before opening anything, so each problem becomes one line naming its variable. */
export async function preflight(config: Config): Promise<void> {
  if (config.databaseUrl)
    await checkReachable('DATABASE_URL', config.databaseUrl, 'PostgreSQL server', POSTGRES_DEFAULT_PORTS);
  else checkDataDir(config.dataDir);
  if (config.mqtt.url) {
    await checkReachable('MQTT_URL', config.mqtt.url, 'MQTT broker', MQTT_DEFAULT_PORTS);
  } else {
    await checkListen({ port: 'MQTT_PORT', host: 'MQTT_HOST' }, config.mqtt.host, config.mqtt.port);
  }
  await checkListen({ port: 'PORT', host: 'HOST' }, config.host, config.port);
}
