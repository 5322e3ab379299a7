/**
 * The replica lab (issue 42): several Meshdeck servers on one PostgreSQL and one Mosquitto, behind Debian's haproxy
 * in round-robin, each server a real child process (the built bundle, apps/server/dist/main.mjs, what `npm start`
 * runs) so a test can SIGKILL one and start it again.
 *
 * ```ts
 * const lab = await startReplicaLab();            // 2 replicas; { replicas: 3, env: { EDITION: 'pro' } }
 * const admin = lab.asTestServer();               // through the proxy, for the shared factories
 * await lab.replicas[1].request('POST', ...);     // straight to one replica
 * await lab.kill(0); await lab.restart(0);        // SIGKILL, then start again on the same port and data dir
 * await lab.allowHosts();                         // writes Mosquitto's accounts for the hosts now stored, reloads
 * await lab.stop();                               // always (afterAll): nothing is left running
 * ```
 *
 * - PostgreSQL: a fresh database in the cluster of DATABASE_URL when it is set (the `npm test` PostgreSQL pass,
 *   `bash scripts/with-postgres.sh ...`), else a throwaway cluster of its own (initdb on a free loopback port).
 * - Mosquitto: `TestMosquitto` (password and ACL files, the server's account only until `allowHosts`).
 * - haproxy: generated config, `haproxy -f cfg -db`; HTTP health checks on /api/server/health so a killed
 *   replica leaves the rotation; connection failures are retried on the other replica (never a request that
 *   reached a server). `lab.proxyState()` reads its stats page; `restart` waits until the proxy sees it UP.
 * - Every wait is for a state (a port answering, a process gone, a server UP), with a generous limit.
 * - `missingTools()` names what is not installed; a test skips on it outside CI only (CI must fail, not skip).
 * - Vitest runs `*.replicas.api.test.ts` files only when DATABASE_URL is set (vitest.config.ts): in `npm test`
 *   they run once, in the PostgreSQL pass. Run one alone with
 *   `bash scripts/with-postgres.sh npx vitest run --project api <file>`.
 * - Children are killed when the test process exits, even when `stop` never ran.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ApiResponse, RequestOptions, TestServer } from './harness.ts';
import { requestJson as request } from './http-request.ts';
import { freePort, MOSQUITTO_BIN, TestMosquitto } from './mosquitto.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const HAPROXY_BIN = '/usr/sbin/haproxy';
/** The servers' own broker account (written to Mosquitto's password file at start). */
export const LAB_SERVER_ACCOUNT = { username: 'meshdeck-server', password: 'lab-server-secret' };
const START_LIMIT_MS = 60_000;
const isRoot = process.getuid?.() === 0;

const postgresBin = (): string | undefined => {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  const bin = newest && path.join('/usr/lib/postgresql', newest, 'bin');
  return bin && fs.existsSync(path.join(bin, 'initdb')) ? bin : undefined;
};

/** What the lab needs that is not installed (empty when it can run). */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (!fs.existsSync(HAPROXY_BIN)) missing.push(`haproxy (${HAPROXY_BIN})`);
  if (!fs.existsSync(MOSQUITTO_BIN)) missing.push(`mosquitto (${MOSQUITTO_BIN})`);
  if (!process.env.DATABASE_URL && !postgresBin()) missing.push('postgresql (initdb)');
  return missing;
}

/** Waits until `check` holds; throws naming `what` (and `detail()`, e.g. a log) after `limitMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = START_LIMIT_MS,
  detail: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}${detail() ? `\n${detail()}` : ''}`);
}

/** The children of every lab, killed when the test process exits (a failed test never leaves them behind). */
const children = new Set<ChildProcess>();
const atExit = new Set<() => void>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const stop of atExit) stop();
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const asTestServer = (url: string, dataDir: string, postgresDatabase: string): TestServer => ({
  get app(): never {
    throw new Error('the lab servers run in other processes');
  },
  url,
  dataDir,
  postgresDatabase,
  request: (method, urlPath, options) => request<never>(url, method, urlPath, options),
  close: () => Promise.resolve(),
});

const answers = (url: string) =>
  fetch(`${url}/api/server/health`).then(
    (response) => response.ok,
    () => false,
  );

/** One server process on a fixed port and data dir, so it restarts where it was. */
export class LabReplica {
  log = '';
  #child: ChildProcess | undefined;

  constructor(
    readonly index: number,
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get isRunning(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Straight to this replica, not through the proxy. */
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return request<T>(this.url, method, urlPath, options);
  }

  asTestServer(postgresDatabase: string): TestServer {
    return asTestServer(this.url, this.dataDir, postgresDatabase);
  }

  /** Starts the process; resolves once it answers HTTP (it has migrated, joined the broker and listens). */
  async start(): Promise<void> {
    if (this.isRunning) return;
    const child = track(
      spawn(process.execPath, ['apps/server/dist/main.mjs'], {
        cwd: repoRoot,
        env: { ...process.env, ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.#child = child;
    await waitUntil(
      `replica ${this.index} on port ${this.port} to answer`,
      () => {
        if (child.exitCode !== null) throw new Error(`replica ${this.index} exited:\n${this.log}`);
        return answers(this.url);
      },
      START_LIMIT_MS,
      () => this.log.slice(-4000),
    );
  }

  /** SIGKILL (a crash, a power cut: no goodbye to anyone); resolves once the process is gone. */
  kill(): Promise<void> {
    return stopChild(this.#child, 'SIGKILL');
  }

  /** SIGTERM (an orderly stop); resolves once the process is gone. */
  stop(): Promise<void> {
    return stopChild(this.#child, 'SIGTERM');
  }
}

/** A PostgreSQL database for the lab: a fresh one in DATABASE_URL's cluster, or a throwaway cluster. */
async function openPostgres(dir: string): Promise<{ url: string; name: string; close: () => Promise<void> }> {
  const name = `meshdeck_lab_${randomBytes(5).toString('hex')}`;
  let base = process.env.DATABASE_URL;
  let stopCluster = () => undefined as void;
  if (!base) {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
    const pgDir = path.join(dir, 'postgres');
    fs.mkdirSync(pgDir);
    const asPg = (command: string, args: string[]) =>
      isRoot
        ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
        : execFileSync(command, args, { stdio: 'pipe' });
    if (isRoot) execFileSync('chown', ['postgres', pgDir]);
    const port = await freePort();
    asPg(path.join(bin, 'initdb'), ['-D', `${pgDir}/data`, '-U', 'postgres', '--auth=trust', '--no-sync']);
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${pgDir} -c fsync=off -c synchronous_commit=off`;
    asPg(path.join(bin, 'pg_ctl'), [
      '-D',
      `${pgDir}/data`,
      '-l',
      `${pgDir}/log`,
      '-w',
      '-o',
      options,
      'start',
    ]);
    stopCluster = () => {
      try {
        asPg(path.join(bin, 'pg_ctl'), ['-D', `${pgDir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
    };
    atExit.add(stopCluster);
    base = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async close() {
      if (process.env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      }
      stopCluster();
      atExit.delete(stopCluster);
    },
  };
}

function haproxyConfig(port: number, statsPort: number, replicas: LabReplica[]): string {
  return `${[
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    // A connection refused (the replica is down, its check not yet failed) goes to the other replica: the request
    // never reached a server, so retrying it elsewhere cannot apply it twice.
    '  retries 3',
    '  option redispatch 1',
    'frontend meshdeck',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /api/server/health',
    // A stopped replica refuses connections at once, so 250 ms checks find it fast; a check answered slowly is a
    // busy replica, not a dead one. Without 'timeout check' HAProxy gives a whole check only 'inter' (250 ms), so a
    // loaded machine took both replicas out of the rotation and the proxy answered 503 itself (the soak of
    // 2026-11-29 at load 35-47).
    '  timeout check 3s',
    '  default-server inter 250ms fall 2 rise 1',
    ...replicas.map((r) => `  server replica${r.index} 127.0.0.1:${r.port} check`),
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
  ].join('\n')}\n`;
}

export interface ReplicaLabOptions {
  /** How many servers (2 by default). */
  replicas?: number;
  /** Extra environment for every server (EDITION, LOG_LEVEL, rate limits...). */
  env?: Record<string, string>;
}

export interface ReplicaLab {
  /** The proxy's URL (round-robin over the replicas). */
  url: string;
  replicas: LabReplica[];
  databaseUrl: string;
  /** The lab database's name (what `TestServer.postgresDatabase` holds). */
  databaseName: string;
  mosquitto: TestMosquitto;
  /** Through the proxy. */
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** The proxy as the shared factories' TestServer (`app` throws: the servers are other processes). */
  asTestServer(): TestServer;
  /** SIGKILL replica `index`; resolves once it is gone. */
  kill(index: number): Promise<void>;
  /** Starts replica `index` again; resolves once it answers and the proxy has it back in rotation. */
  restart(index: number): Promise<void>;
  /** haproxy's view of each replica: `replica0` -> `UP`, `DOWN`... */
  proxyState(): Promise<Record<string, string>>;
  /** Writes Mosquitto's password and ACL files for every host now stored, and makes Mosquitto re-read them. */
  allowHosts(): Promise<string>;
  /** Stops everything (servers, proxy, broker, database) and deletes the lab's files. */
  stop(): Promise<void>;
}

/** Starts PostgreSQL, Mosquitto, the replicas (side by side) and haproxy; see the top of this file. */
export async function startReplicaLab(options: ReplicaLabOptions = {}): Promise<ReplicaLab> {
  const missing = missingTools();
  if (missing.length > 0) throw new Error(`the replica lab needs ${missing.join(', ')}`);
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-stale.mjs'), 'server'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-replicas-'));
  if (isRoot) fs.chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const database = await openPostgres(dir);
    cleanups.push(database.close);
    const mosquittoDir = path.join(dir, 'mosquitto');
    fs.mkdirSync(mosquittoDir);
    const mosquitto = await TestMosquitto.start(mosquittoDir, LAB_SERVER_ACCOUNT);
    const killBroker = () => {
      if (mosquitto.pid !== undefined) process.kill(mosquitto.pid, 'SIGKILL');
    };
    atExit.add(killBroker);
    cleanups.push(async () => {
      atExit.delete(killBroker);
      await mosquitto.stop();
    });
    const env = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      MQTT_URL: mosquitto.url(LAB_SERVER_ACCOUNT),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      HOST_AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    };
    const replicas: LabReplica[] = [];
    for (let index = 0; index < (options.replicas ?? 2); index += 1) {
      const dataDir = path.join(dir, `replica${index}`);
      fs.mkdirSync(dataDir);
      const port = await freePort();
      const own = { PORT: String(port), DATA_DIR: dataDir, CONSOLE_DIR: path.join(dataDir, 'no-console') };
      replicas.push(new LabReplica(index, port, dataDir, { ...env, ...own }));
    }
    cleanups.push(async () => {
      await Promise.all(replicas.map((replica) => replica.stop()));
    });
    await Promise.all(replicas.map((replica) => replica.start()));

    const port = await freePort();
    const statsPort = await freePort();
    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(port, statsPort, replicas));
    let proxyLog = '';
    const proxy = track(spawn(HAPROXY_BIN, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }));
    proxy.stdout?.on('data', (d: Buffer) => (proxyLog += d.toString()));
    proxy.stderr?.on('data', (d: Buffer) => (proxyLog += d.toString()));
    cleanups.push(() => stopChild(proxy, 'SIGTERM'));

    const proxyState = async (): Promise<Record<string, string>> => {
      const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
      const state: Record<string, string> = {};
      for (const line of (await response.text()).split('\n')) {
        const [backend, server, ...rest] = line.split(',');
        if (backend === 'replicas' && server?.startsWith('replica')) state[server] = rest[15] ?? '';
      }
      return state;
    };
    const isUp = async (index: number) => {
      const state = await proxyState().catch(() => undefined);
      return state?.[`replica${index}`]?.startsWith('UP') ?? false;
    };
    const proxyDetail = () => proxyLog.slice(-2000);
    for (const replica of replicas)
      await waitUntil(
        `haproxy to see replica ${replica.index} UP`,
        () => isUp(replica.index),
        START_LIMIT_MS,
        proxyDetail,
      );

    const url = `http://127.0.0.1:${port}`;
    return {
      url,
      replicas,
      databaseUrl: database.url,
      databaseName: database.name,
      mosquitto,
      request: (method, urlPath, requestOptions) => request<never>(url, method, urlPath, requestOptions),
      asTestServer: () => asTestServer(url, replicas[0]!.dataDir, database.name),
      kill: (index) => replicas[index]!.kill(),
      async restart(index) {
        await replicas[index]!.start();
        await waitUntil(
          `haproxy to see replica ${index} UP again`,
          () => isUp(index),
          START_LIMIT_MS,
          proxyDetail,
        );
      },
      proxyState,
      async allowHosts() {
        const output = execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'apps/server/src/startup/mosquitto-cli.ts',
            '--password-file',
            mosquitto.passwordFile,
            '--acl-file',
            mosquitto.aclFile,
          ],
          {
            cwd: repoRoot,
            env: { ...process.env, ...env, DATA_DIR: replicas[0]!.dataDir },
            encoding: 'utf8',
          },
        );
        mosquitto.reload();
        return output;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** True when a TCP port on loopback accepts connections (for tests that wait on a broker or a proxy). */
export const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
