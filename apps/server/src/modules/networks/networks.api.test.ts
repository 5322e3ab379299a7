import { networkSchema } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

const netids = async (authToken = token) =>
  ((await server.request('GET', '/api/networks', { token: authToken })).body as { netid: string }[]).map(
    (n) => n.netid,
  );

describe('POST /api/networks', () => {
  it('-> with a netid and a range, returns the raw Network with defaults and the range normalised', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'office', addressrange: '10.20.30.40/16' },
    });
    expect(response.status).toBe(200);
    expect(networkSchema.strict().parse(response.body)).toMatchObject({
      netid: 'office',
      addressrange: '10.20.0.0/16',
      addressrange6: '',
      isipv4: 'yes',
      isipv6: 'no',
      defaultacl: 'yes',
      defaultudpholepunch: 'no',
      defaultkeepalive: 20,
      defaultmtu: 1280,
      defaultlistenport: 51821,
      name: 'office',
    });
    expect(response.body.nodeslastmodified).toBeGreaterThanOrEqual(before);
    expect(response.body.networklastmodified).toBe(response.body.nodeslastmodified);
    expect((await server.request('GET', '/api/networks/office', { token })).body).toEqual(response.body);
  });

  it('-> with the v0.30 dashboard body and mixed-case keys, accepts it and keeps defaultDns', async () => {
    const body = {
      NetID: 'lab',
      AddressRange: '',
      addressrange6: 'FD3C:AB:CD:EF::/64',
      isipv4: 'no',
      isipv6: 'yes',
      defaultacl: 'no',
      defaultudpholepunch: 'yes',
      name: 'Lab',
      defaultUsecase: 'remote_access',
      defaultDns: '1.1.1.1',
    };
    const response = await server.request('POST', '/api/networks', { token, body });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      netid: 'lab',
      addressrange6: 'fd3c:ab:cd:ef::/64',
      isipv4: 'no',
      isipv6: 'yes',
      defaultacl: 'no',
      defaultudpholepunch: 'yes',
      defaultDns: '1.1.1.1',
    });
  });

  it.each([
    [{ addressrange: '10.0.0.0/24' }, 'netid is required'],
    [{ netid: 'x'.repeat(33), addressrange: '10.0.0.0/24' }, 'netid must be at most 32 characters'],
    [{ netid: 'Bad Name!', addressrange: '10.0.0.0/24' }, 'netid may contain only lower-case letters'],
    [{ netid: 12, addressrange: '10.0.0.0/24' }, 'netid is required'],
    [{ netid: 'office' }, 'IPv4 or IPv6 CIDR required'],
    [{ netid: 'office', addressrange: '', addressrange6: '' }, 'IPv4 or IPv6 CIDR required'],
    [{ netid: 'office', addressrange: '10.0.0.300/24' }, 'addressrange must be a valid IPv4 CIDR'],
    [{ netid: 'office', addressrange: 'fd3c::/64' }, 'addressrange must be a valid IPv4 CIDR'],
    [{ netid: 'office', addressrange: '10.0.0.1/32' }, 'addressrange /32 is too small'],
    [{ netid: 'office', addressrange: '10.0.0.0/31' }, 'addressrange /31 is too small'],
    [{ netid: 'office', addressrange6: 'fd3c::1/128' }, 'addressrange6 /128 is too small'],
    [{ netid: 'office', addressrange6: 'nonsense' }, 'addressrange6 must be a valid IPv6 CIDR'],
    [{ netid: 'office', addressrange: 10 }, 'addressrange must be a string'],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultkeepalive: 1001 },
      'defaultkeepalive must be between 1 and 1000 seconds',
    ],
    [{ netid: 'office', addressrange: '10.0.0.0/24', defaultmtu: '1280' }, 'defaultmtu must be a number'],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultacl: true, defaultudpholepunch: 'maybe' },
      'defaultudpholepunch must be "yes" or "no"',
    ],
    [['office'], 'the body must be a JSON object'],
  ])('-> when the body is %j, returns 400 saying "%s" and creates nothing', async (body, message) => {
    const response = await server.request('POST', '/api/networks', { token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ Code: 400, Response: null });
    expect(response.body.Message).toContain(message);
    expect(await netids()).toEqual([]);
  });

  it('-> when the body is not JSON or missing, returns 400 saying so', async () => {
    const broken = await server.request('POST', '/api/networks', {
      token,
      rawBody: '{"netid":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.Message).toBe('request body is not valid JSON');
    const missing = await server.request('POST', '/api/networks', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toContain('the body must be a JSON object');
  });

  it('-> when the netid is taken, returns 400 "network name already in use"', async () => {
    await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
    const response = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'office', addressrange: '10.2.0.0/24' },
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('network name already in use: office');
  });

  it('-> when the range overlaps another network, returns 400 with a clear message', async () => {
    await createNetwork(server, token, 'office', {
      addressrange: '10.1.0.0/16',
      addressrange6: 'fd3c:1::/48',
    });
    const v4 = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'lab', addressrange: '10.1.200.0/24' },
    });
    expect(v4.status).toBe(400);
    expect(v4.body.Message).toBe(
      'network cidr already in use: 10.1.200.0/24 overlaps 10.1.0.0/16 of network office',
    );
    const v6 = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'lab', addressrange6: 'fd3c:1:0:5::/64' },
    });
    expect(v6.status).toBe(400);
    expect(v6.body.Message).toContain('overlaps fd3c:1::/48 of network office');
    expect(await netids()).toEqual(['office']);
  });

  it('-> when ranges only touch, or differ in family, creates the network', async () => {
    await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
    await createNetwork(server, token, 'next-door', { addressrange: '10.1.1.0/24' });
    await createNetwork(server, token, 'v6-only', { addressrange: '', addressrange6: 'fd3c:9::/64' });
    expect(await netids()).toEqual(['next-door', 'office', 'v6-only']);
  });

  it('-> when overlapping creates race, exactly one succeeds', async () => {
    const attempts = await Promise.all(
      ['race-a', 'race-b', 'race-c', 'race-d'].map((netid) =>
        server.request('POST', '/api/networks', { token, body: { netid, addressrange: '10.77.0.0/16' } }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await netids()).toHaveLength(1);
  });

  it('-> without a token, returns 401; as a platform user, returns 403 and creates nothing', async () => {
    expect(
      (
        await server.request('POST', '/api/networks', {
          body: { netid: 'office', addressrange: '10.0.0.0/24' },
        })
      ).status,
    ).toBe(401);
    const userToken = await createUserWithRole(server, 'plain-user', 'platform-user', [
      'global-network-admin-grp',
    ]);
    const response = await server.request('POST', '/api/networks', {
      token: userToken,
      body: { netid: 'office', addressrange: '10.0.0.0/24' },
    });
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('access denied');
    expect(await netids()).toEqual([]);
  });

  it('-> announces the new network on the events stream', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected'))
      text += decoder.decode((await reader.read()).value as Uint8Array | undefined);
    await createNetwork(server, token, 'announced');
    while (!text.includes('"announced"'))
      text += decoder.decode((await reader.read()).value as Uint8Array | undefined);
    expect(text).toContain(
      'event: change\ndata: {"resource":"networks","action":"created","id":"announced"}',
    );
    controller.abort();
  });
});
