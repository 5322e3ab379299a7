import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPostgres, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** True once `check` holds (polled every 100 ms), false when it still does not after `timeout` ms. */
const waitFor = (check: () => Promise<boolean>, timeout = 10_000): Promise<boolean> =>
  vi
    .waitFor(
      async () => {
        if (!(await check())) throw new Error('not yet');
      },
      { timeout, interval: 100 },
    )
    .then(
      () => true,
      () => false,
    );

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('GET /api/server/status', () => {
  it('-> on a healthy server, reports the database and broker connected and the community edition', async () => {
    server = await startTestServer();
    const response = await server.request('GET', '/api/server/status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      db_connected: true,
      broker_connected: true,
      is_broker_conn_open: true,
      license_error: '',
      is_pro: false,
      trial_end_date: '0001-01-01T00:00:00Z',
      is_on_trial_license: false,
      deployment_mode: 'self-hosted',
      version: 'v0.30.0',
      auth_provider: '',
    });
  });

  it('-> with HOSTED=true, reports the hosted deployment mode', async () => {
    server = await startTestServer({ HOSTED: 'true' });
    expect((await server.request('GET', '/api/server/status')).body).toMatchObject({
      deployment_mode: 'hosted',
    });
  });

  it('-> with EDITION=pro, reports is_pro true', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    expect((await server.request('GET', '/api/server/status')).body).toMatchObject({ is_pro: true });
  });

  it.skipIf(isPostgres())(
    '-> when the SQLite database file disappears, reports db_connected false',
    async () => {
      server = await startTestServer();
      const file = path.join(server.dataDir, 'meshdeck.db');
      fs.renameSync(file, `${file}.moved`);
      expect((await server.request('GET', '/api/server/status')).body).toMatchObject({ db_connected: false });
      fs.renameSync(`${file}.moved`, file);
      expect((await server.request('GET', '/api/server/status')).body).toMatchObject({ db_connected: true });
    },
  );

  it.skipIf(!isPostgres())(
    '-> when PostgreSQL refuses the connections, reports db_connected false until it accepts them again',
    async () => {
      server = await startTestServer();
      const name = server.postgresDatabase!;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        expect((await server.request('GET', '/api/server/status')).body).toMatchObject({
          db_connected: false,
        });
        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
        expect((await server.request('GET', '/api/server/status')).body).toMatchObject({
          db_connected: true,
        });
      } finally {
        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
    },
  );

  it('-> when the embedded broker stops, reports broker_connected false', async () => {
    server = await startTestServer();
    await server.app.meshdeck.broker.close();
    const sawDisconnect = await waitFor(async () => {
      const status = await server!.request<{ broker_connected: boolean }>('GET', '/api/server/status');
      return status.body.broker_connected === false;
    });
    expect(sawDisconnect).toBe(true);
  });

  it.skipIf(!fs.existsSync('/usr/sbin/mosquitto'))(
    '-> with MQTT_URL set, follows the external broker: connected while it runs, false once it is killed',
    async () => {
      const port = await freePort();
      const configFile = path.join(fs.mkdtempSync('/tmp/mosquitto-'), 'mosquitto.conf');
      fs.writeFileSync(configFile, `listener ${port} 127.0.0.1\nallow_anonymous true\n`);
      const mosquitto: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', configFile], { stdio: 'ignore' });
      try {
        await waitFor(
          () =>
            new Promise((resolve) => {
              const socket = net.connect(port, '127.0.0.1', () => {
                socket.destroy();
                resolve(true);
              });
              socket.on('error', () => resolve(false));
            }),
        );
        server = await startTestServer({ MQTT_URL: `mqtt://127.0.0.1:${port}` });
        expect((await server.request('GET', '/api/server/status')).body).toMatchObject({
          broker_connected: true,
        });
        mosquitto.kill('SIGKILL');
        const sawDisconnect = await waitFor(async () => {
          const status = await server!.request<{ broker_connected: boolean }>('GET', '/api/server/status');
          return status.body.broker_connected === false;
        });
        expect(sawDisconnect).toBe(true);
      } finally {
        mosquitto.kill('SIGKILL');
      }
    },
  );
});

describe('POST /api/server/shutdown', () => {
  it('-> without a token returns 401, and for an admin who is not the super admin returns 403', async () => {
    server = await startTestServer();
    await createSuperAdminAndLogin(server);
    expect((await server.request('POST', '/api/server/shutdown')).status).toBe(401);
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    expect((await server.request('POST', '/api/server/shutdown', { token: adminToken })).status).toBe(403);
    // Both refusals must leave the server running.
    expect((await server.request('GET', '/api/server/health')).status).toBe(200);
  });

  it('-> for the super admin, answers 200 "restarting" and then stops listening', async () => {
    server = await startTestServer();
    const token = await createSuperAdminAndLogin(server);
    const response = await server.request('POST', '/api/server/shutdown', { token });
    expect(response).toMatchObject({ status: 200, body: 'restarting' });
    const { url, app } = server;
    const hasStopped = await waitFor(() =>
      fetch(`${url}/api/server/health`).then(
        () => false,
        () => true,
      ),
    );
    expect(hasStopped).toBe(true);
    expect(app.server.listening).toBe(false);
  });
});

describe('GET /api/server/getconfig', () => {
  it('-> without a token, returns 401; with one, returns PascalCase config with masked secrets', async () => {
    server = await startTestServer({ MASTER_KEY: 'a-master-key-of-some-length' });
    expect((await server.request('GET', '/api/server/getconfig')).status).toBe(401);
    const token = await createSuperAdminAndLogin(server);
    const response = await server.request('GET', '/api/server/getconfig', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Version: 'v0.30.0',
      IsEE: 'no',
      IsPro: 'no',
      MasterKey: '(hidden)',
      Server: 'meshdeck',
    });
    expect(JSON.stringify(response.body)).not.toContain('a-master-key-of-some-length');
  });

  it('-> with the master key as bearer, is allowed', async () => {
    server = await startTestServer({ MASTER_KEY: 'a-master-key-of-some-length' });
    expect(
      (await server.request('GET', '/api/server/getconfig', { token: 'a-master-key-of-some-length' })).status,
    ).toBe(200);
  });
});

describe('HTTP surface', () => {
  it('GET /api/server/health -> returns the liveness text', async () => {
    server = await startTestServer();
    const response = await server.request('GET', '/api/server/health');
    expect(response.status).toBe(200);
    expect(response.body).toBe('Server is up and running!!');
  });

  it('GET an unknown /api route -> returns 404 JSON in the contract envelope', async () => {
    server = await startTestServer();
    const response = await server.request('GET', '/api/does/not/exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      Code: 404,
      Message: 'route not found: GET /api/does/not/exist',
      Response: null,
    });
  });

  it('GET /api/docs/json -> returns an OpenAPI document listing the routes', async () => {
    server = await startTestServer();
    const response = await server.request<{ openapi: string; paths: Record<string, unknown> }>(
      'GET',
      '/api/docs/json',
    );
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/server/status', '/api/users/adm/authenticate']),
    );
  });

  it('GET a large response -> is compressed for a client that accepts it, and answers 304 to its own ETag', async () => {
    server = await startTestServer();
    const url = `${server.url}/api/docs/json`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('serves the built console with history fallback, and never a stack trace', async () => {
    const consoleDir = fs.mkdtempSync('/tmp/meshdeck-console-');
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer({ CONSOLE_DIR: consoleDir });
    const deepLink = await server.request('GET', '/networks/office/nodes');
    expect(deepLink.status).toBe(200);
    expect(deepLink.body).toContain('<title>console</title>');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    const asset = await server.request('GET', '/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await server.request('GET', '/assets/missing.js')).status).toBe(404);
    expect((await server.request('GET', '/api/nope')).headers.get('content-type')).toContain(
      'application/json',
    );
  });
  it('serves the build-time .br of a console asset as it is to a client that accepts brotli, the plain file otherwise', async () => {
    const consoleDir = fs.mkdtempSync('/tmp/meshdeck-console-');
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const source = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row-${i}`))};\n`;
    fs.writeFileSync(path.join(consoleDir, 'assets', 'page-abc123.js'), source);
    fs.writeFileSync(path.join(consoleDir, 'assets', 'page-abc123.js.br'), zlib.brotliCompressSync(source));
    server = await startTestServer({ CONSOLE_DIR: consoleDir });
    const url = `${server.url}/assets/page-abc123.js`;
    const compressed = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await compressed.text()).toBe(source);
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
  });
});

describe('GET /meshclient/files/:file', () => {
  it('-> serves the bundled agent from AGENT_DIR, never cached, and 404s unknown files', async () => {
    const agentDir = fs.mkdtempSync('/tmp/meshdeck-agent-dist-');
    fs.writeFileSync(
      path.join(agentDir, 'meshdeck-agent.mjs'),
      '#!/usr/bin/env node\nconsole.log("agent")\n',
    );
    server = await startTestServer({ AGENT_DIR: agentDir });
    const download = await server.request('GET', '/meshclient/files/meshdeck-agent.mjs');
    expect(download.status).toBe(200);
    expect(download.body).toContain('console.log("agent")');
    expect(download.headers.get('cache-control')).toBe('no-cache');
    expect((await server.request('GET', '/meshclient/files/other.mjs')).status).toBe(404);
  });

  it('-> when a file has no extension and a console is served, answers 404 JSON, not the console page', async () => {
    const agentDir = fs.mkdtempSync('/tmp/meshdeck-agent-dist-');
    const consoleDir = fs.mkdtempSync('/tmp/meshdeck-console-');
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startTestServer({ AGENT_DIR: agentDir, CONSOLE_DIR: consoleDir });
    for (const file of ['meshdeck-agent-linux-x64', 'does-not-exist', 'nested/path', '']) {
      const response = await server.request('GET', `/meshclient/files/${file}`);
      expect(response.status, file).toBe(404);
      expect(response.headers.get('content-type'), file).toMatch(/^application\/json/);
    }
    // The history fallback still serves deep links elsewhere.
    expect((await server.request('GET', '/networks/x/nodes')).status).toBe(200);
  });

  it('-> when the agent was never built, answers 404 for every file under the prefix', async () => {
    const consoleDir = fs.mkdtempSync('/tmp/meshdeck-console-');
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startTestServer({ AGENT_DIR: '/nonexistent/meshdeck-agent', CONSOLE_DIR: consoleDir });
    const response = await server.request('GET', '/meshclient/files/meshdeck-agent-linux-x64');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ Code: 404 });
  });
});
