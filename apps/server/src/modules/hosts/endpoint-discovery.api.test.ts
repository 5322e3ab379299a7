import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectAgent,
  createKey,
  hostBody,
  registerHost,
  type TestHost,
} from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let joinToken: string;

/** The test client is the trusted proxy: X-Forwarded-For names the address "the server sees". */
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const hostNamed = async (name: string) =>
  (
    await server.request<{ name: string; endpointip: string; nat_type: string; listenport: number }[]>(
      'GET',
      '/api/hosts',
      { token },
    )
  ).body.find((h) => h.name === name)!;

async function join(
  name: string,
  ip: string,
  overrides: Record<string, unknown> = {},
): Promise<TestHost & { hostToken: string }> {
  const host = hostBody(name, { endpointip: '192.168.1.10', ...overrides });
  const response = await server.request('POST', `/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
    body: host.body,
    headers: from(ip),
  });
  expect(response.status).toBe(200);
  return { ...host, hostToken: response.body.auth_token };
}
const checkIn = (host: TestHost & { hostToken: string }, ip: string, body: Record<string, unknown>) =>
  server.request('PUT', `/api/v1/fallback/host/${host.id}`, {
    token: host.hostToken,
    headers: from(ip),
    body: { Action: 'CHECK_IN', Host: body },
  });

beforeEach(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  joinToken = (await createKey(server, token, { tags: ['edge'], networks: ['office'] })).token;
});
afterEach(async () => {
  await server.close();
});

describe('endpoint discovery (the address the server sees)', () => {
  it('-> POST /api/v1/host/register -> when the agent reports a private address, records the observed one and behind_nat', async () => {
    await join('alpha', '203.0.113.50');
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '203.0.113.50', nat_type: 'behind_nat' });
  });

  it('-> CHECK_IN from a new address: the endpoint follows it and peers dial the new one', async () => {
    const alpha = await join('alpha', '203.0.113.50');
    const beta = await join('beta', '203.0.113.51', { endpointip: '203.0.113.51' });
    expect(await hostNamed('beta')).toMatchObject({ nat_type: 'public' });
    expect(
      (await checkIn(alpha, '198.51.100.60', { endpointip: '192.168.1.10', listenport: 51821 })).status,
    ).toBe(200);
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '198.51.100.60', nat_type: 'behind_nat' });
    const pull = (await server.request('GET', '/api/v1/host', { token: beta.hostToken })).body;
    expect(pull.peers.map((p: { Endpoint: unknown }) => p.Endpoint)).toContainEqual({
      IP: '198.51.100.60',
      Port: 51821,
      Zone: '',
    });
  });

  it('-> CHECK_IN with nat_type (the agent asked a STUN server): its reported endpoint stands', async () => {
    const alpha = await join('alpha', '203.0.113.50');
    await checkIn(alpha, '203.0.113.50', { endpointip: '198.51.100.77', nat_type: 'behind_nat' });
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '198.51.100.77', nat_type: 'behind_nat' });
  });

  it('-> a static host (isstatic) keeps its endpoint whatever address it checks in from', async () => {
    const alpha = await join('alpha', '203.0.113.50', { endpointip: '198.51.100.200', isstatic: true });
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '198.51.100.200' });
    await checkIn(alpha, '203.0.113.99', { endpointip: '10.1.1.1' });
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '198.51.100.200' });
  });

  it('-> when a host moves behind the public IP of another on the same port, its port moves up (§5.9), it is told to pull, and a stale check-in keeps the moved port', async () => {
    await join('alpha', '203.0.113.50');
    const beta = await join('beta', '203.0.113.51');
    const agent = await connectAgent(server, beta);
    await agent.client.subscribeAsync(`host/update/${beta.id}/meshdeck`);
    await checkIn(beta, '203.0.113.50', { endpointip: '192.168.1.11', listenport: 51821 });
    expect(await hostNamed('beta')).toMatchObject({ endpointip: '203.0.113.50', listenport: 51822 });
    await agent.waitFor((m) => m.payload.Action === 'UPDATE_HOST');
    await checkIn(beta, '203.0.113.50', { endpointip: '192.168.1.11', listenport: 51821 });
    expect(await hostNamed('beta')).toMatchObject({ listenport: 51822 });
    await agent.client.endAsync(true);
  });

  it('-> a host with a static port keeps it behind a shared public IP', async () => {
    await join('alpha', '203.0.113.50');
    const beta = await join('beta', '203.0.113.51', { isstaticport: true });
    await checkIn(beta, '203.0.113.50', { listenport: 51821 });
    expect(await hostNamed('beta')).toMatchObject({ endpointip: '203.0.113.50', listenport: 51821 });
  });
});

describe('endpoint discovery without TRUST_PROXY', () => {
  it("-> X-Forwarded-For is not believed: a loopback client tells nothing and the agent's report stands", async () => {
    await server.close();
    server = await startTestServer();
    token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    joinToken = (await createKey(server, token, { tags: ['edge'], networks: ['office'] })).token;
    await registerHost(server, joinToken, hostBody('alpha', { endpointip: '192.168.1.10' }));
    expect(await hostNamed('alpha')).toMatchObject({ endpointip: '192.168.1.10', nat_type: '' });
  });
});
