import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createKey, hostBody } from '../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A log destination that keeps every line written by the app. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('log redaction', () => {
  it('-> tokens in URLs, passwords, Authorization headers and URL credentials never reach a log line', async () => {
    const logs = captureLogs();
    const server = await startTestServer({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    servers.push(server);
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office');
    const key = await createKey(server, token, { networks: ['office'], tags: ['logged'] });
    const host = hostBody('alpha');
    await server.request('POST', `/api/v1/host/register/${encodeURIComponent(key.token)}`, {
      body: host.body,
    });
    await server.request('POST', '/api/hosts/adm/authenticate', {
      body: { id: host.id, password: host.hostpass },
    });
    await server.request('GET', `/api/users?token=query-secret-value&access_key=another-secret`, { token });
    server.app.log.info(
      { url: 'postgres://dbuser:db-secret-pw@db.example:5432/mesh', nested: { password: 'nested-secret' } },
      'connecting to mqtt://mq:mq-secret-pw@broker:1883',
    );
    server.app.log.error(
      new Error('connect ECONNREFUSED postgres://dbuser:error-secret-pw@db.example:5432/mesh'),
      'database unreachable',
    );

    const text = logs.text();
    expect(text).toContain('/api/v1/host/register/[REDACTED]');
    expect(text).toContain('[REDACTED]');
    for (const secret of [
      key.token,
      encodeURIComponent(key.token),
      host.hostpass,
      token,
      'query-secret-value',
      'another-secret',
      'db-secret-pw',
      'mq-secret-pw',
      'nested-secret',
      'error-secret-pw',
    ]) {
      expect(text, `log output contains ${secret.slice(0, 24)}`).not.toContain(secret);
    }
  });

  it('-> with MQTT_URL carrying credentials, neither start-up lines nor GET /api/server/getconfig show them', async () => {
    const broker = await startTestServer();
    servers.push(broker);
    const brokerPort = new URL(broker.app.meshdeck.broker.publicUrl).port;
    const logs = captureLogs();
    // The embedded broker of the first server refuses this login, so the client logs errors and reconnects.
    const server = await startTestServer(
      { LOG_LEVEL: 'trace', MQTT_URL: `mqtt://meshdeck:broker-secret-pw@127.0.0.1:${brokerPort}` },
      { logStream: logs.stream },
    );
    servers.push(server);
    const token = await createSuperAdminAndLogin(server);
    const config = await server.request<{ Broker: string }>('GET', '/api/server/getconfig', { token });
    expect(config.status).toBe(200);
    expect(config.body.Broker).toBe(`mqtt://127.0.0.1:${brokerPort}`);
    expect(JSON.stringify(config.body)).not.toContain('broker-secret-pw');
    expect(logs.text()).toContain(`mqtt://[REDACTED]@127.0.0.1:${brokerPort}`);
    expect(logs.text()).not.toContain('broker-secret-pw');
  });
});
