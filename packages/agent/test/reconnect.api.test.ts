import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import {
  brokerLogin,
  createKey,
  hostBody,
  registerHost,
} from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import { freePort } from '../../../apps/server/test/mosquitto.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const RESTARTS = 6;

/**
 * A server that can be stopped and started again on the same ports and data, as an operator's restart does
 * (SQLite: a restart must keep the database, which the shared harness deletes on close).
 */
class RestartableServer {
  app: App | undefined;
  constructor(
    readonly httpPort: number,
    readonly mqttPort: number,
    public dataDir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  async start(): Promise<App> {
    const config = loadConfig({
      PORT: String(this.httpPort),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      MQTT_PORT: String(this.mqttPort),
      LOG_LEVEL: 'silent',
      CONSOLE_DIR: path.join(this.dataDir, 'no-console'),
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const app = await buildApp(config);
    await app.listen({ port: this.httpPort, host: '127.0.0.1' });
    this.app = app;
    return app;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }

  /** The shape the shared factories take. */
  asTestServer(): TestServer {
    const current = () => {
      if (!this.app) throw new Error('server is stopped');
      return this.app;
    };
    const url = this.url;
    return {
      get app() {
        return current();
      },
      url: this.url,
      dataDir: this.dataDir,
      postgresDatabase: undefined,
      async request(method, urlPath, options = {}) {
        const headers: Record<string, string> = { ...options.headers };
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        if (options.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${url}${urlPath}`, {
          method,
          headers,
          body: options.body === undefined ? options.rawBody : JSON.stringify(options.body),
        });
        const text = await response.text();
        return {
          status: response.status,
          body: (text ? JSON.parse(text) : undefined) as never,
          headers: response.headers,
        };
      },
      close: () => this.stop(),
    };
  }
}

let server: RestartableServer;
let workDir: string;
let agent: ChildProcess | undefined;
let output = '';

const waitUntil = async (what: string, check: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}\n--- agent\n${output.slice(-4000)}`);
};

/** Creates a network and a key, starts `meshdeck-agent join --dry-run` and waits until it is on the broker. */
async function joinAgent(): Promise<{ hostId: string; joinToken: string }> {
  const api = server.asTestServer();
  const token = await createSuperAdminAndLogin(api);
  await createNetwork(api, token, 'office', { addressrange: '10.60.0.0/24' });
  const key = await createKey(api, token, { tags: ['agents'], networks: ['office'] });
  const stateDir = path.join(workDir, 'agent');
  const args = [
    '--import',
    'tsx',
    'packages/agent/src/cli.ts',
    'join',
    '--server',
    server.url,
    '--token',
    key.token,
    '--state-dir',
    stateDir,
    '--dry-run',
    '--check-in-seconds',
    '1',
  ];
  agent = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  agent.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  agent.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stateFile = path.join(stateDir, 'state.json');
  await waitUntil('the agent to register', () => fs.existsSync(stateFile));
  const hostId = (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { hostId: string }).hostId;
  await waitUntil(
    'the agent on the broker',
    () => server.app?.meshdeck.broker.isAgentConnected(hostId) === true,
  );
  return { hostId, joinToken: key.token };
}

beforeEach(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-reconnect-'));
  output = '';
  server = new RestartableServer(await freePort(), await freePort(), path.join(workDir, 'data'));
  await server.start();
});

afterEach(async () => {
  if (agent?.pid && agent.exitCode === null) agent.kill('SIGTERM');
  agent = undefined;
  await server.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('agent and server restarts', () => {
  it('-> while the server starts, an agent with valid credentials is never refused: its CONNACK waits until agents can be authenticated', async () => {
    const api = server.asTestServer();
    const token = await createSuperAdminAndLogin(api);
    await createNetwork(api, token, 'office', { addressrange: '10.60.0.0/24' });
    const host = hostBody('eager');
    await registerHost(
      api,
      (await createKey(api, token, { tags: ['eager'], networks: ['office'] })).token,
      host,
    );
    const login = brokerLogin(api, host);
    await server.stop();
    // Connect again and again while the server starts, as agents of a fleet do after a restart.
    const outcomes: string[] = [];
    let starting = true;
    const attempts = (async () => {
      while (starting) {
        try {
          const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
            ...login,
            reconnectPeriod: 0,
            connectTimeout: 15_000,
          });
          outcomes.push('connected');
          await client.endAsync(true);
        } catch (error) {
          outcomes.push(error instanceof Error ? error.message : String(error));
        }
      }
    })();
    await server.start();
    await waitUntil('a connection after the start', () => outcomes.includes('connected'));
    starting = false;
    await attempts;
    expect(outcomes.filter((o) => !/ECONNREFUSED|connected/.test(o))).toEqual([]);
  });

  it(`-> after each of ${RESTARTS} quick server restarts the agent is back on the broker, and a later peer change reaches it`, async () => {
    const { hostId, joinToken } = await joinAgent();
    for (let restart = 1; restart <= RESTARTS; restart++) {
      await server.stop();
      const app = await server.start();
      await waitUntil(
        `the agent back on the broker after restart ${restart}`,
        () => app.meshdeck.broker.isAgentConnected(hostId) === true,
      );
    }
    const late = hostBody('late', { endpointip: '198.51.100.9' });
    await registerHost(server.asTestServer(), joinToken, late);
    await waitUntil("the new peer in the agent's configuration", () =>
      output.includes(`PublicKey = ${late.publickey}`),
    );
    expect(output).not.toMatch(/not sealed|Not authorized/);
  }, 120_000);

  it('-> when the server comes back without its data, the agent says the host must join again, with the command', async () => {
    await joinAgent();
    await server.stop();
    server.dataDir = path.join(workDir, 'empty-data');
    await server.start();
    await waitUntil('the join-again message', () =>
      output.includes('join again: meshdeck-agent join --server'),
    );
    expect(output).toMatch(
      /the server does not know host [0-9a-f-]{36} \(it was deleted, or the server lost its data: POST http:\/\/127\.0\.0\.1:\d+\/api\/hosts\/adm\/authenticate: 400 host [0-9a-f-]{36} not found\)/,
    );
    expect(output.match(/join again/g)).toHaveLength(1);
  }, 60_000);
});
