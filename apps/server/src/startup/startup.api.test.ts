import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUIRED_NODE_MAJOR } from './node-version.ts';

// These tests start the compiled server (apps/server/dist/main.mjs) the way `npm start` does, each with one
// thing wrong in its environment, and read what an operator would read.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const main = path.join(repoRoot, 'apps', 'server', 'dist', 'main.mjs');
const EXIT_DEADLINE_MS = 20_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let workDir: string;
const blockers: net.Server[] = [];
beforeAll(() => {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-stale.mjs'), 'server'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-startup-'));
}, 60_000);
afterEach(async () => {
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** A fresh data dir per run; the environment is built from scratch so the caller's (DATABASE_URL, CI) never leaks in. */
function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(workDir, 'data-')),
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Runs a command until it exits; a process still running at the deadline is killed and reported as hung. */
function runToExit(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `still running after ${EXIT_DEADLINE_MS} ms (hung at start-up)\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, EXIT_DEADLINE_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const startServer = (env: Record<string, string>) => runToExit(process.execPath, [main], serverEnv(env));

/** Exit status 1 and exactly one line on stderr that names `variable`; no stack frames anywhere. */
function expectOneLine(run: Run, variable: string, detail?: RegExp): string {
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(run.code, run.stderr).toBe(1);
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toContain(`${variable}:`);
  if (detail) expect(lines[0]).toMatch(detail);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at .+:\d+/);
  return lines[0]!;
}

/** Listens on a free loopback port (held until the test ends) and returns it. */
async function occupiedPort(): Promise<number> {
  const server = net.createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('node apps/server/dist/main.mjs -> start-up errors are one line naming the variable', () => {
  it('-> when PORT is set but empty, exits 1 instead of listening on a random port', async () => {
    expectOneLine(await startServer({ PORT: '' }), 'PORT', /empty/);
  });

  it('-> when the HTTP port is taken, exits 1 naming PORT', async () => {
    const port = await occupiedPort();
    expectOneLine(await startServer({ PORT: String(port) }), 'PORT', new RegExp(`${port} .*already in use`));
  });

  it('-> when the embedded broker port is taken, exits 1 naming MQTT_PORT', async () => {
    const port = await occupiedPort();
    expectOneLine(await startServer({ MQTT_PORT: String(port) }), 'MQTT_PORT', /already in use/);
  });

  it.each([
    ['malformed', 'bad..host'],
    ['not an address of this machine', '203.0.113.254'],
  ])('-> when HOST is %s, exits 1 naming HOST', async (_case, host) => {
    expectOneLine(await startServer({ HOST: host }), 'HOST');
  });

  it('-> when DATABASE_URL is malformed, exits 1 naming DATABASE_URL', async () => {
    expectOneLine(
      await startServer({ DATABASE_URL: 'postgres://:::not-a-url' }),
      'DATABASE_URL',
      /not a valid URL/,
    );
  });

  it('-> when DATABASE_URL points where no PostgreSQL listens, exits 1 naming it, without its password', async () => {
    const port = await closedPort();
    const run = await startServer({
      DATABASE_URL: `postgres://meshdeck:s3cret-pw@127.0.0.1:${port}/meshdeck`,
    });
    expect(expectOneLine(run, 'DATABASE_URL', /cannot reach/)).not.toContain('s3cret-pw');
  });

  it('-> when MQTT_URL points where no broker listens, exits 1 naming MQTT_URL', async () => {
    const port = await closedPort();
    expectOneLine(await startServer({ MQTT_URL: `mqtt://127.0.0.1:${port}` }), 'MQTT_URL', /cannot reach/);
  });

  it('-> when DATA_DIR is a file, exits 1 naming DATA_DIR', async () => {
    const file = path.join(workDir, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    expectOneLine(await startServer({ DATA_DIR: file }), 'DATA_DIR', /not a directory/);
  });

  it('-> when DATA_DIR cannot be created (/proc/x, which used to hang), exits 1 naming DATA_DIR', async () => {
    expectOneLine(
      await startServer({ DATA_DIR: '/proc/meshdeck-startup-test' }),
      'DATA_DIR',
      /cannot create/,
    );
  });

  it('-> when DATA_DIR exists but cannot be written (/proc), exits 1 naming DATA_DIR', async () => {
    expectOneLine(await startServer({ DATA_DIR: '/proc' }), 'DATA_DIR', /not writable/);
  });

  it('-> when the database file is not SQLite at all, exits 1 naming DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(workDir, 'garbage-'));
    fs.writeFileSync(path.join(dataDir, 'meshdeck.db'), Buffer.alloc(8192, 0x5a));
    expectOneLine(await startServer({ DATA_DIR: dataDir }), 'DATA_DIR', /not a SQLite database/);
  });

  it('-> when the database file is SQLite but damaged, exits 1 naming DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(workDir, 'damaged-'));
    const file = path.join(dataDir, 'meshdeck.db');
    const db = new SQLite(file);
    db.exec("create table filler (x text); insert into filler values ('a'), ('b');");
    db.close();
    // Keep the 100-byte header, overwrite the schema page and the rest.
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 100);
    fs.writeFileSync(file, bytes);
    expectOneLine(await startServer({ DATA_DIR: dataDir }), 'DATA_DIR', /SQLITE_(CORRUPT|NOTADB)/);
  });
});

/** Starts the compiled server from another working directory and resolves once it listens. */
async function startListening() {
  const child = spawn(process.execPath, [main], {
    cwd: os.tmpdir(),
    env: serverEnv({ LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    const url = await vi.waitFor(
      () => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.stdout);
        if (!match) throw new Error(`not listening yet\nstdout: ${output.stdout}\nstderr: ${output.stderr}`);
        return match[1]!;
      },
      { timeout: EXIT_DEADLINE_MS, interval: 50 },
    );
    return { child, url, output, exited };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

describe('node apps/server/dist/main.mjs -> with a valid environment', () => {
  it('-> serves the API, finds the console and agent builds from its own location, and stops cleanly on SIGTERM', async () => {
    const { child, url, output, exited } = await startListening();
    try {
      // Bodies are read to the end: an unread download holds its connection open and would stall the shutdown.
      const get = async (urlPath: string) => {
        const response = await fetch(`${url}${urlPath}`);
        await response.arrayBuffer();
        return { status: response.status, type: response.headers.get('content-type') ?? '' };
      };
      expect((await get('/api/server/status')).status).toBe(200);
      // Started from another working directory, the defaults still point into this repository.
      const consoleBuilt = fs.existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'));
      if (consoleBuilt) expect((await get('/')).type).toContain('text/html');
      else expect(output.stdout).toContain(path.join(repoRoot, 'apps', 'web', 'dist'));
      const agentBuilt = fs.existsSync(
        path.join(repoRoot, 'packages', 'agent', 'dist', 'meshdeck-agent.mjs'),
      );
      if (agentBuilt) expect((await get('/meshclient/files/meshdeck-agent.mjs')).status).toBe(200);
      else expect(output.stdout).toContain(path.join(repoRoot, 'packages', 'agent', 'dist'));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output.stderr).toBe('');
  }, 40_000);

  it('-> POST /api/server/shutdown as the super admin ends the process with status 0, for a supervisor to restart it', async () => {
    const { child, url, output, exited } = await startListening();
    try {
      const post = (urlPath: string, body?: unknown, token?: string) =>
        fetch(`${url}${urlPath}`, {
          method: 'POST',
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const credentials = { username: 'admin', password: 'correct-horse-battery' };
      expect((await post('/api/users/adm/createsuperadmin', credentials)).status).toBe(200);
      const login = (await (await post('/api/users/adm/authenticate', credentials)).json()) as {
        Response: { AuthToken: string };
      };
      const shutdown = await post('/api/server/shutdown', undefined, login.Response.AuthToken);
      expect(await shutdown.text()).toBe('restarting');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(output.stderr).toBe('');
  }, 40_000);
});

/** The first `node` on PATH (or a usual place) older than the required version: the system Node of many hosts. */
function findOldNode(): string | undefined {
  const candidates = ['/usr/bin/node', '/usr/local/bin/node', '/bin/node'];
  for (const candidate of candidates) {
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (version && Number(version.slice(1).split('.')[0]) < REQUIRED_NODE_MAJOR) return candidate;
  }
  return undefined;
}
const oldNode = findOldNode();

describe('Node.js version', () => {
  it(`-> .nvmrc, package.json engines and every version check ask for Node.js ${REQUIRED_NODE_MAJOR}`, () => {
    const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
    expect(read('.nvmrc').trim()).toBe(String(REQUIRED_NODE_MAJOR));
    expect(JSON.parse(read('package.json')).engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(read('scripts/check-node.mjs')).toContain(`REQUIRED_NODE_MAJOR = ${REQUIRED_NODE_MAJOR};`);
    expect(read('packages/agent/bin/meshdeck-agent.mjs')).toContain(
      `REQUIRED_NODE_MAJOR = ${REQUIRED_NODE_MAJOR};`,
    );
  });

  const entryPoints = [
    'apps/server/dist/main.mjs',
    'packages/agent/bin/meshdeck-agent.mjs',
    'scripts/build-if-stale.mjs',
    'scripts/test-all.mjs',
    'scripts/e2e-server.mjs',
    'scripts/dev.mjs',
    'scripts/bench.mjs',
  ];
  it.skipIf(oldNode === undefined).each(entryPoints)(
    `-> started on an older Node.js (${oldNode ?? 'none found'}), %s prints one line naming the version it needs and exits 1`,
    async (entry) => {
      const run = await runToExit(oldNode!, [path.join(repoRoot, entry)], {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`needs Node.js ${REQUIRED_NODE_MAJOR} or newer`);
      expect(run.stdout).toBe('');
    },
  );
});
