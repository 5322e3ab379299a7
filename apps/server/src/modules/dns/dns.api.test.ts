import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let agent: Awaited<ReturnType<typeof connectAgent>>;
let hostId: string;
let hostToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'corp', { addressrange: '10.30.0.0/24' });
  const key = await createKey(server, token, { tags: ['dns-key'], networks: ['corp'], unlimited: true });
  const host = hostBody('B Host');
  hostId = host.id;
  hostToken = (await registerHost(server, key.token, host)).auth_token as string;
  agent = await connectAgent(server, host);
  await agent.client.subscribeAsync(`host/update/${host.id}/${'meshdeck'}`);
});
afterAll(async () => {
  await agent.client.endAsync();
  await server.close();
});

const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token, body });
const entries = async () => (await call('GET', '/api/dns/adm/corp')).body as any[];

describe('GET /api/dns/adm/{network}', () => {
  it('-> lists each node as <host>.<network> with its address', async () => {
    expect(await entries()).toEqual([
      { name: 'b-host.corp', address: '10.30.0.1', address6: '', network: 'corp' },
    ]);
    expect((await call('GET', '/api/dns/adm/nowhere')).status).toBe(404);
  });
});

describe('POST /api/dns/{network}', () => {
  it("-> when valid, adds the entry and pushes the network's entries to its hosts", async () => {
    const response = await call('POST', '/api/dns/corp', { name: 'db.internal', address: '10.30.0.50' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'db.internal',
      address: '10.30.0.50',
      address6: '',
      network: 'corp',
    });
    const pushed = await agent.waitFor(
      (m) =>
        m.payload.Action === 'DNS_SYNC' && m.payload.DNS.entries.some((e: any) => e.name === 'db.internal'),
    );
    expect(pushed.topic).toBe(`host/update/${hostId}/meshdeck`);
    expect(pushed.payload.DNS.entries.map((e: any) => e.name)).toEqual(['b-host.corp', 'db.internal']);
    expect((await call('GET', '/api/dns/adm/corp/custom')).body).toHaveLength(1);
    expect((await call('GET', '/api/dns')).body).toHaveLength(2);
    // An agent that reconnects finds them in its pull.
    const pulled = await server.request<any>('GET', '/api/v1/host', { token: hostToken });
    expect(pulled.body.dns_entries.map((e: any) => e.name)).toEqual(['b-host.corp', 'db.internal']);
  });

  it.each([
    ['a name with a space', { name: 'bad name', address: '10.30.0.9' }, /name must not contain spaces/],
    ['a name with an underscore', { name: 'bad_name', address: '10.30.0.9' }, /name may hold only letters/],
    ['an empty name', { name: '', address: '10.30.0.9' }, /name is required/],
    ['a bad IPv4 address', { name: 'ok-name', address: '10.30.0.300' }, /address must be an IPv4 address/],
    [
      'an IPv4 address as address6',
      { name: 'ok-name', address6: '10.30.0.9' },
      /address6 must be an IPv6 address/,
    ],
    ['no address', { name: 'ok-name' }, /address or address6 is required/],
    ['a duplicate name', { name: 'DB.internal', address: '10.30.0.9' }, /name: DB.internal already exists/],
    ["a node's automatic name", { name: 'b-host.corp', address: '10.30.0.9' }, /automatic name/],
  ])('-> when the body has %s, returns 400 naming the field and adds nothing', async (_, body, message) => {
    const before = await entries();
    const response = await call('POST', '/api/dns/corp', body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(await entries()).toEqual(before);
  });
});

describe('DELETE /api/dns/{network}/{domain}', () => {
  it('-> deletes a custom entry, refuses an automatic one, 404 for an unknown one', async () => {
    await call('POST', '/api/dns/corp', { name: 'gone.internal', address6: 'fd00::5' });
    const deleted = await call('DELETE', '/api/dns/corp/gone.internal');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe('gone.internal.corp deleted.');
    expect((await entries()).some((e) => e.name === 'gone.internal')).toBe(false);
    const automatic = await call('DELETE', '/api/dns/corp/b-host.corp');
    expect(automatic.status).toBe(400);
    expect(automatic.body.Message).toMatch(/automatic entry/);
    expect((await call('DELETE', '/api/dns/corp/never-there')).status).toBe(404);
  });
});
