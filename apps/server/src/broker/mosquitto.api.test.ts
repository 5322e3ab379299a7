import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayload, payloadKey } from '../../../../packages/agent/src/payload-open.ts';
import {
  createKey,
  hostBody,
  registerFleet,
  registerHost,
  type TestHost,
} from '../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { MOSQUITTO_BIN, TestMosquitto } from '../../test/mosquitto.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const SERVER_ACCOUNT = { username: 'meshdeck-server', password: 'server-secret-for-tests' };
const skipReason = fs.existsSync(MOSQUITTO_BIN) ? undefined : `${MOSQUITTO_BIN} is not installed`;

let dir: string;
let mosquitto: TestMosquitto;
let server: TestServer;
let token: string;
let fleet: Awaited<ReturnType<typeof registerFleet>>;
const clients: MqttClient[] = [];

const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}\n--- mosquitto\n${mosquitto.log.join('').slice(-4000)}`);
};

/** Runs the generator as an operator would (same environment as the server), then makes Mosquitto re-read. */
async function generateFiles(): Promise<string> {
  const env = {
    ...process.env,
    DATA_DIR: server.dataDir,
    MQTT_URL: mosquitto.url(SERVER_ACCOUNT),
    SERVER_NAME: 'meshdeck',
    ...(server.app.meshdeck.config.databaseUrl
      ? { DATABASE_URL: server.app.meshdeck.config.databaseUrl }
      : {}),
  };
  const args = [
    '--import',
    'tsx',
    'apps/server/src/startup/mosquitto-cli.ts',
    '--password-file',
    mosquitto.passwordFile,
    '--acl-file',
    mosquitto.aclFile,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
    child.on('close', (status) =>
      status === 0 ? resolve(text) : reject(new Error(`generator exited ${status}: ${text}`)),
    );
  });
  mosquitto.reload();
  return output;
}

const login = (host: TestHost) => ({
  username: host.id,
  password: server.app.meshdeck.broker.credentials.passwordOf(host.id),
});

/** Connects; resolves with the client, or rejects with the broker's refusal. */
async function connect(account: { username: string; password: string }): Promise<MqttClient> {
  const client = await mqtt.connectAsync(mosquitto.url(), {
    ...account,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
}

/** Connects as soon as the reloaded files let this account in (Mosquitto applies SIGHUP asynchronously). */
async function connectOnceAllowed(account: { username: string; password: string }): Promise<MqttClient> {
  let client: MqttClient | undefined;
  await waitUntil(`${account.username} to be let in`, async () => {
    client = await connect(account).catch(() => undefined);
    return client !== undefined;
  });
  return client!;
}

describe.skipIf(skipReason !== undefined)(
  `agents on an external Mosquitto (MQTT_URL)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-mosquitto-'));
      mosquitto = await TestMosquitto.start(dir, SERVER_ACCOUNT);
      server = await startTestServer({ MQTT_URL: mosquitto.url(SERVER_ACCOUNT) });
      await waitUntil('the server to sign in to Mosquitto', () => server.app.meshdeck.broker.isConnected());
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, 'office', { addressrange: '10.40.0.0/24' });
      fleet = await registerFleet(server, token, ['office'], ['alpha', 'beta']);
      expect(await generateFiles()).toMatch(/wrote .* \(2 host accounts \+ the server's\)/);
      // A limit on waiting: Mosquitto, the server and two hosts' accounts took over the 30 s default in the
      // PostgreSQL pass of a fresh-clone check at load 20-30.
    }, 120_000);

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true)));
      await server?.close();
      await mosquitto?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('-> the server never hands out its own broker account: not to agents (ServerConfig), not to the console (getconfig)', async () => {
      expect(server.app.meshdeck.broker.publicUrl).toBe(mosquitto.url());
      const config = await server.request('GET', '/api/server/getconfig', { token });
      expect(config.status).toBe(200);
      expect(JSON.stringify(config.body)).not.toContain(SERVER_ACCOUNT.password);
      const response = await server.request('POST', '/api/hosts/adm/authenticate', {
        body: { id: fleet[0]!.id, password: fleet[0]!.hostpass },
      });
      const pull = await server.request('GET', '/api/v1/host', { token: response.body.Response.AuthToken });
      expect(pull.body.server_config).toMatchObject({
        Broker: mosquitto.url(),
        MQUserName: fleet[0]!.id,
        MQPassword: login(fleet[0]!).password,
      });
      expect(JSON.stringify(pull.body)).not.toContain(SERVER_ACCOUNT.password);
    });

    it("-> each host signs in with its own account; its API password, another host's password and unknown users are refused", async () => {
      const [alpha, beta] = fleet;
      await connectOnceAllowed(login(alpha!));
      await expect(connect({ username: alpha!.id, password: alpha!.hostpass })).rejects.toThrow(
        /Not authorized|Bad username/,
      );
      await expect(connect({ username: alpha!.id, password: login(beta!).password })).rejects.toThrow(
        /Not authorized|Bad username/,
      );
      await expect(connect({ username: 'intruder', password: 'x' })).rejects.toThrow(
        /Not authorized|Bad username/,
      );
    });

    it("-> host A gets nothing from host B's topic, and B's update captured by the server account cannot be opened with A's key", async () => {
      const [alpha, beta] = fleet;
      const seen: { client: string; topic: string; payload: Buffer }[] = [];
      const record = (name: string, client: MqttClient) =>
        client.on('message', (topic, payload) => seen.push({ client: name, topic, payload }));
      const a = await connectOnceAllowed(login(alpha!));
      record('alpha', a);
      const own = `peers/host/${alpha!.id}/meshdeck`;
      const other = `peers/host/${beta!.id}/meshdeck`;
      await a.subscribeAsync(own);
      // Mosquitto 2.0 grants a filter the ACL denies but never delivers what it does not allow.
      await a.subscribeAsync(other).catch(() => undefined);
      await a.subscribeAsync('peers/host/#').catch(() => undefined);
      const spy = await connect(SERVER_ACCOUNT);
      record('server', spy);
      await spy.subscribeAsync(other);

      const gamma = hostBody('gamma', { endpointip: '198.51.100.7' });
      await registerHost(
        server,
        (await createKey(server, token, { tags: ['late'], networks: ['office'] })).token,
        gamma,
      );
      await waitUntil(
        "alpha's delta and the captured copy of beta's",
        () => seen.some((m) => m.client === 'alpha') && seen.some((m) => m.client === 'server'),
      );
      // Delivery to one client is in order: once this marker arrives, anything on beta's topic would have too.
      await spy.publishAsync(own, 'marker', { qos: 1 });
      await waitUntil('the marker', () =>
        seen.some((m) => m.client === 'alpha' && m.payload.toString() === 'marker'),
      );

      expect(seen.filter((m) => m.client === 'alpha').map((m) => m.topic)).toEqual([own, own]);
      const captured = seen.find((m) => m.client === 'server')!.payload;
      expect(() => JSON.parse(captured.toString())).toThrow();
      expect(() => openPayload(payloadKey(String(alpha!.body.traffickeypublic)), captured)).toThrow();
      const opened = JSON.parse(openPayload(payloadKey(String(beta!.body.traffickeypublic)), captured));
      expect(opened.host_peers).toHaveLength(1);
      const mine = JSON.parse(
        openPayload(
          payloadKey(String(alpha!.body.traffickeypublic)),
          seen.find((m) => m.client === 'alpha' && m.payload.toString() !== 'marker')!.payload,
        ),
      );
      expect(mine.host_peers[0].Endpoint.IP).toBe('198.51.100.7');
    });

    it("-> a host may not publish as another host (its message never reaches the server's topic)", async () => {
      const [alpha, beta] = fleet;
      const spy = await connect(SERVER_ACCOUNT);
      const got: string[] = [];
      spy.on('message', (_topic, payload) => got.push(payload.toString()));
      await spy.subscribeAsync('host/serverupdate/meshdeck/+');
      const a = await connectOnceAllowed(login(alpha!));
      await a.publishAsync(`host/serverupdate/meshdeck/${beta!.id}`, 'forged', { qos: 0 });
      await a.publishAsync(`host/serverupdate/meshdeck/${alpha!.id}`, 'genuine', { qos: 0 });
      await waitUntil("alpha's own message", () => got.includes('genuine'));
      expect(got).toEqual(['genuine']);
    });

    it('-> the agent (meshdeck-agent, dry run) is let in once the files are regenerated and applies peers sent through Mosquitto', async () => {
      const stateDir = fs.mkdtempSync(path.join(dir, 'agent-'));
      const key = await createKey(server, token, { tags: ['agents'], networks: ['office'] });
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
        '--name',
        'agent',
        '--dry-run',
      ];
      const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      try {
        // Registered but not in the password file yet: Mosquitto refuses it, and it keeps retrying with backoff.
        await waitUntil('the agent to be refused by Mosquitto', () =>
          /broker mqtt:\/\/127\.0\.0\.1:\d+: cannot connect \(Connection refused: Not authorized\)/.test(
            output,
          ),
        );
        await generateFiles();
        await waitUntil(
          'the agent to connect',
          () => output.includes(`broker ${mosquitto.url()}: connected`),
          45_000,
        );
        const late = hostBody('late', { endpointip: '198.51.100.8' });
        await registerHost(server, key.token, late);
        await waitUntil("the new peer in the agent's configuration", () =>
          output.includes(`PublicKey = ${late.publickey}`),
        );
        expect(output).not.toContain('not sealed');
      } finally {
        child.kill('SIGTERM');
      }
    }, 90_000);
  },
);
