import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.ts';
import { createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { isPostgres, startTestServer, type TestServer } from '../../../test/harness.ts';

/** Hostile registration and check-in bodies: every field is bounded and a refused body writes nothing. */

let server: TestServer;
let token: string;
let joinToken: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  joinToken = (
    await createKey(server, token, {
      tags: ['input'],
      networks: ['office'],
      uses_remaining: 5,
      unlimited: false,
    })
  ).token;
});
afterEach(async () => {
  await server.close();
});

const register = (body: Record<string, unknown>) =>
  server.request('POST', `/api/v1/host/register/${encodeURIComponent(joinToken)}`, { body });
const ONE_MB = 'A'.repeat(1_000_000);

describe('POST /api/v1/host/register/{token} with hostile fields', () => {
  it.each([
    ['a 1 MB macaddress', { macaddress: ONE_MB }, 'macaddress must be at most 64 characters'],
    [
      'a 20-byte macaddress',
      { macaddress: Buffer.alloc(20).toString('base64') },
      'macaddress must be a hardware address',
    ],
    [
      'a 1 MB defaultinterface',
      { defaultinterface: ONE_MB },
      'defaultinterface must be at most 128 characters',
    ],
    ['a 129-character interface', { interface: 'x'.repeat(129) }, 'interface must be at most 128 characters'],
    ['a 1 MB nat_type', { nat_type: ONE_MB }, 'nat_type must be one of'],
    ['an unknown nat_type', { nat_type: 'carrier-grade' }, 'nat_type must be one of'],
    ['an unknown os', { os: 'plan9' }, 'os must be one of'],
    [
      'a 107-character version',
      { version: `v1.0.0-${'x'.repeat(100)}` },
      'version must be at most 64 characters',
    ],
    [
      'a traffickeypublic that is not base64',
      { traffickeypublic: 'not base64!' },
      'traffickeypublic must be base64',
    ],
    [
      '513 interfaces',
      { interfaces: Array.from({ length: 513 }, (_, i) => ({ name: `veth${i}`, addressString: '' })) },
      'interfaces must hold at most 512 items',
    ],
    [
      'a 1000-character interface address',
      { interfaces: [{ name: 'eth0', addressString: ONE_MB.slice(0, 1000) }] },
      'addressString must be at most 64 characters',
    ],
    [
      'a 107-character endpointip',
      { endpointip: `1.2.3.4${' '.repeat(100)}` },
      'endpointip must be at most 64 characters',
    ],
  ])(
    '-> when the host has %s, returns 400 naming the field and writes nothing',
    async (_label, override, message) => {
      const before = await snapshotDatabase(server.app.meshdeck.database.db);
      const response = await register(hostBody('hostile', override).body);
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain(message);
      expect(await snapshotDatabase(server.app.meshdeck.database.db)).toEqual(before);
    },
  );

  it('-> with a MAC address as base64 bytes or as text, stores it and answers it in both wire forms', async () => {
    const mac = Buffer.from([0xaa, 0xbb, 0xcc, 0x00, 0x11, 0x22]);
    const asBytes = await registerHost(
      server,
      joinToken,
      hostBody('bytes', { macaddress: mac.toString('base64'), nat_type: 'behind_nat', os: 'darwin' }),
    );
    expect(asBytes.requested_host).toMatchObject({
      macaddress: mac.toString('base64'),
      nat_type: 'behind_nat',
      os: 'darwin',
    });
    const asText = await registerHost(
      server,
      joinToken,
      hostBody('text', { macaddress: 'AA-BB-CC-00-11-23' }),
    );
    const hosts = (await server.request<any[]>('GET', '/api/hosts', { token })).body;
    expect(hosts.find((h) => h.id === asText.requested_host.id)?.macaddress).toBe('aa:bb:cc:00:11:23');
  });

  // PostgreSQL's column never held such a value; SQLite stored it as sent.
  it.skipIf(isPostgres())(
    '-> for a host stored before the bound with an oversized MAC address, the pull still answers (macaddress null)',
    async () => {
      const host = hostBody('legacy');
      const registered = await registerHost(server, joinToken, host);
      await server.app.meshdeck.database.db
        .updateTable('hosts')
        .set({ mac_address: 'aa:'.repeat(300_000) + 'aa' })
        .where('id', '=', host.id)
        .execute();
      const pull = await server.request('GET', '/api/v1/host', { token: registered.auth_token });
      expect(pull.status).toBe(200);
      expect(pull.body.host.macaddress).toBeNull();
    },
  );
});

describe('PUT /api/v1/fallback/host/{hostid} with a hostile check-in', () => {
  it('-> when the Host has an unknown nat_type, returns 400 and records neither the host fields nor the check-in', async () => {
    const host = hostBody('checker');
    const registered = await registerHost(server, joinToken, host);
    const before = await snapshotDatabase(server.app.meshdeck.database.db);
    const response = await server.request('PUT', `/api/v1/fallback/host/${host.id}`, {
      token: registered.auth_token,
      body: { Action: 'CHECK_IN', Host: { endpointip: '198.51.100.7', nat_type: 'x'.repeat(100_000) } },
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('nat_type must be one of');
    expect(await snapshotDatabase(server.app.meshdeck.database.db)).toEqual(before);
  });
});
