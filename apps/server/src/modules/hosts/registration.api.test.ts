import { encodeEnrollmentToken } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { EnrollmentKeysRepository } from '../enrollment-keys/enrollment-keys.repository.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', {
    addressrange: '10.10.0.0/24',
    addressrange6: 'fd00:10::/64',
  });
});
afterEach(async () => {
  await server.close();
});

const hostCount = async () => (await server.request<any[]>('GET', '/api/hosts', { token })).body.length;
const register = (joinToken: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/v1/host/register/${encodeURIComponent(joinToken)}`, { body });

describe('POST /api/v1/host/register/{token}', () => {
  it('-> with a valid key, creates the host and a node per network with the lowest free addresses, and answers the contract form', async () => {
    const key = await createKey(server, token, { tags: ['laptops'], networks: ['office'] });
    const host = hostBody('alpha');
    const body = await registerHost(server, key.token, host);
    expect(body.requested_host).toMatchObject({
      id: host.id,
      name: 'alpha',
      persistentkeepalive: 20_000_000_000,
    });
    expect(body.requested_host.publickey).toEqual([...Buffer.from(host.publickey, 'base64')]);
    expect(body.requested_host).not.toHaveProperty('hostpass');
    expect(body.nodes).toHaveLength(1);
    expect(body.nodes[0]).toMatchObject({
      hostid: host.id,
      network: 'office',
      address: { IP: '10.10.0.1', Mask: '////AA==' },
    });
    expect(body.nodes[0].address6.IP).toBe('fd00:10::1');
    // Its own broker account (api-contract §6.1), never the host's API password.
    expect(body.server_config).toMatchObject({
      Server: 'meshdeck',
      MQUserName: host.id,
      MQPassword: server.app.meshdeck.broker.credentials.passwordOf(host.id),
    });
    expect(body.server_config.MQPassword).not.toBe(host.hostpass);
    expect(body.server_config.Broker).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(body.auth_token.split('.')).toHaveLength(3);
    const second = await registerHost(server, key.token, hostBody('beta'));
    expect(second.nodes[0].address.IP).toBe('10.10.0.2');
  });

  it('-> with a publickey given as the raw 32-integer array, accepts it', async () => {
    const key = await createKey(server, token, { tags: ['raw-form'], networks: ['office'] });
    const host = hostBody('raw');
    const response = await register(key.token, {
      ...host.body,
      publickey: [...Buffer.from(host.publickey, 'base64')],
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['not base64 at all!', 'invalid enrollment key'],
    [Buffer.from('{"server":"x"}').toString('base64'), 'invalid enrollment key'],
    [encodeEnrollmentToken({ server: 'x', value: 'A'.repeat(32) }), 'invalid enrollment key'],
  ])('-> with the bad token %s, returns 400 and writes nothing', async (badToken, message) => {
    const response = await register(encodeURIComponent(badToken), hostBody('nope').body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect(await hostCount()).toBe(0);
  });

  it('-> with an expired key, returns 400 "enrollment key has expired"', async () => {
    const key = await createKey(server, token, {
      tags: ['expiring'],
      networks: ['office'],
      unlimited: false,
      expiration: Math.floor(Date.now() / 1000) + 60,
    });
    await server.app.meshdeck.database.db
      .updateTable('enrollment_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('value', '=', key.value)
      .execute();
    const response = await register(key.token, hostBody('late').body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('enrollment key has expired');
    expect(await hostCount()).toBe(0);
  });

  it('-> with a key whose uses are spent, returns 400 "enrollment key has no uses left"; each registration takes one use', async () => {
    const key = await createKey(server, token, {
      tags: ['two-uses'],
      networks: ['office'],
      uses_remaining: 2,
      unlimited: false,
    });
    await registerHost(server, key.token, hostBody('one'));
    await registerHost(server, key.token, hostBody('two'));
    const response = await register(key.token, hostBody('three').body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('enrollment key has no uses left');
    expect(await hostCount()).toBe(2);
  });

  it('-> when an agent replays a join that already registered (its answer was lost), answers 200 without taking another use, even for the last one', async () => {
    const key = await createKey(server, token, {
      tags: ['one-use'],
      networks: ['office'],
      uses_remaining: 1,
      unlimited: false,
    });
    const host = hostBody('retrier');
    const first = await registerHost(server, key.token, host);
    const replay = await register(key.token, host.body);
    expect(replay.status).toBe(200);
    expect(replay.body.nodes.map((n: any) => n.address)).toEqual(first.nodes.map((n: any) => n.address));
    expect(await hostCount()).toBe(1);
    expect(
      (await new EnrollmentKeysRepository(server.app.meshdeck.database.db).findByValue(key.value))
        ?.uses_remaining,
    ).toBe(0);
    const stranger = await register(key.token, { ...host.body, hostpass: 'another-password' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.Message).toBe('host already exists');
    const newcomer = await register(key.token, hostBody('newcomer').body);
    expect(newcomer.body.Message).toContain('enrollment key has no uses left');
  });

  it('-> when 5 hosts race for a 3-use key, exactly 3 register and the key ends at 0 uses', async () => {
    const key = await createKey(server, token, {
      tags: ['three-uses'],
      networks: ['office'],
      uses_remaining: 3,
      unlimited: false,
    });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => register(key.token, hostBody(`racer-${i}`).body)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
    const stored = await new EnrollmentKeysRepository(server.app.meshdeck.database.db).findByValue(key.value);
    expect(stored?.uses_remaining).toBe(0);
  });

  it.each([
    [{ publickey: 'AAAA' }, 'publickey must be a WireGuard key'],
    [{ publickey: Buffer.alloc(31).toString('base64') }, 'publickey must be a WireGuard key'],
    [{ publickey: [1, 2, 3] }, 'publickey'],
    [{ version: 'v0.16.9' }, 'version must be v0.17.0 or later'],
    [{ hostpass: undefined }, 'hostpass is required'],
    [{ name: '' }, 'name is required'],
    [{ endpointip: 'not-an-ip' }, 'endpointip must be an IP address'],
    [{ traffickeypublic: undefined }, 'traffickeypublic is required'],
  ])(
    '-> when the host has %j, returns 400 naming the problem and writes nothing',
    async (override, message) => {
      const key = await createKey(server, token, {
        tags: ['strict'],
        networks: ['office'],
        uses_remaining: 1,
        unlimited: false,
      });
      const response = await register(key.token, hostBody('bad', override).body);
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain(message);
      expect(await hostCount()).toBe(0);
      expect(
        (await new EnrollmentKeysRepository(server.app.meshdeck.database.db).findByValue(key.value))
          ?.uses_remaining,
      ).toBe(1);
    },
  );

  it('-> when the public key is already registered, returns 400 and keeps the first host only', async () => {
    const key = await createKey(server, token, { tags: ['dupes'], networks: ['office'] });
    const first = hostBody('first');
    await registerHost(server, key.token, first);
    const response = await register(key.token, hostBody('second', { publickey: first.publickey }).body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('already registered');
    expect(await hostCount()).toBe(1);
  });

  it('-> when the network range is full, returns 400 "no free addresses in network X" and writes nothing (no host, no use taken)', async () => {
    await createNetwork(server, token, 'tiny', { addressrange: '10.99.0.0/30' });
    const key = await createKey(server, token, {
      tags: ['tiny-key'],
      networks: ['office', 'tiny'],
      uses_remaining: 5,
      unlimited: false,
    });
    await registerHost(server, key.token, hostBody('t1'));
    await registerHost(server, key.token, hostBody('t2'));
    const response = await register(key.token, hostBody('t3').body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('no free addresses in network tiny');
    expect(await hostCount()).toBe(2);
    expect((await server.request<any[]>('GET', '/api/nodes/office', { token })).body).toHaveLength(2);
    expect(
      (await new EnrollmentKeysRepository(server.app.meshdeck.database.db).findByValue(key.value))
        ?.uses_remaining,
    ).toBe(3);
  });

  it('-> when 50 hosts register in parallel, they get 50 distinct addresses, the lowest ones', async () => {
    const key = await createKey(server, token, { tags: ['fleet'], networks: ['office'] });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(key.token, hostBody(`fleet-${i}`).body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const nodes = (await server.request<any[]>('GET', '/api/nodes/office', { token })).body;
    const addresses = new Set(nodes.map((n) => n.address));
    expect(addresses.size).toBe(50);
    expect([...addresses].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `10.10.0.${i + 1}/24`).sort());
  });

  it('-> when a known host registers again with its password and a key with more networks, joins the new network only', async () => {
    await createNetwork(server, token, 'lab', { addressrange: '10.20.0.0/24' });
    const office = await createKey(server, token, { tags: ['office-only'], networks: ['office'] });
    const both = await createKey(server, token, { tags: ['both-nets'], networks: ['office', 'lab'] });
    const host = hostBody('roamer');
    await registerHost(server, office.token, host);
    const again = await registerHost(server, both.token, host);
    expect(again.nodes.map((n: any) => n.network).sort()).toEqual(['lab', 'office']);
    const wrongPassword = await register(both.token, { ...host.body, hostpass: 'another-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.Message).toBe('host already exists');
  });
});

describe('POST /api/v1/host/register/:token rate limit', () => {
  it('-> past REGISTER_RATE_LIMIT_PER_MINUTE from one address, returns 429 in the contract envelope', async () => {
    const limited = await startTestServer({ REGISTER_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await limited.request('POST', '/api/v1/host/register/not-a-token', { body: {} })).status,
        );
      }
      expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
      const refused = await limited.request('POST', '/api/v1/host/register/not-a-token', { body: {} });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ Code: 429, Response: null });
    } finally {
      await limited.close();
    }
  });
});
