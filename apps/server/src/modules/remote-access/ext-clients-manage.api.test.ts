import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await gatewayNetwork(server);
  await createClient(server, net.token, 'office', net.gatewayNode, {
    clientid: 'laptop-1',
    postup: 'echo up',
    postdown: 'echo down',
  });
});
afterEach(async () => {
  await server.close();
});

const get = (url: string, token = net.token) => server.request<any>('GET', url, { token });

describe('GET /api/extclients and /api/extclients/{network}', () => {
  it('-> lists clients sorted by id with private keys blanked; one client read shows its key', async () => {
    await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'alpha-client' });
    for (const url of ['/api/extclients', '/api/extclients/office']) {
      const list = await get(url);
      expect(list.status).toBe(200);
      expect(list.body.map((c: any) => c.clientid)).toEqual(['alpha-client', 'laptop-1']);
      expect(list.body.every((c: any) => c.privatekey === '')).toBe(true);
    }
    const one = await get('/api/extclients/office/laptop-1');
    expect(Buffer.from(one.body.privatekey, 'base64')).toHaveLength(32);
    expect((await get('/api/extclients/office/nobody-here')).status).toBe(404);
    expect((await get('/api/extclients/nowhere')).status).toBe(404);
  });
});

describe('PUT /api/extclients/{network}/{clientid}', () => {
  it('-> renames, disables and changes DNS and extra allowed IPs; the old name is gone', async () => {
    const response = await server.request<any>('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: {
        clientid: 'laptop-one',
        enabled: false,
        dns: '10.10.0.1',
        extraallowedips: ['192.168.60.0/24'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      clientid: 'laptop-one',
      enabled: false,
      dns: '10.10.0.1',
      extraallowedips: ['192.168.60.0/24'],
      address: '10.10.0.254',
    });
    expect((await get('/api/extclients/office/laptop-1')).status).toBe(404);
  });

  it('-> when the new name is taken or malformed, returns 400 and changes nothing', async () => {
    await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-2' });
    const taken = await server.request<any>('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { clientid: 'laptop-2', enabled: false },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toContain('duplicate client name');
    const spaced = await server.request<any>('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { clientid: 'lap top' },
    });
    expect(spaced.body.Message).toContain('The client id should not have spaces');
    const overlapping = await server.request<any>('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { extraallowedips: ['10.10.0.128/25'] },
    });
    expect(overlapping.status).toBe(400);
    expect((await get('/api/extclients/office/laptop-1')).body).toMatchObject({
      enabled: true,
      extraallowedips: [],
    });
  });

  it('-> when a new public key is given, the private key becomes the placeholder', async () => {
    const publickey = Buffer.alloc(32, 9).toString('base64');
    const response = await server.request<any>('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { publickey },
    });
    expect(response.body).toMatchObject({ publickey, privatekey: '[ENTER PRIVATE KEY]' });
  });
});

describe('DELETE /api/extclients/{network}/{clientid}', () => {
  it('-> deletes the client and answers the same for a client that does not exist', async () => {
    const response = await server.request<any>('DELETE', '/api/extclients/office/laptop-1', {
      token: net.token,
    });
    expect(response.body).toEqual({ Code: 200, Message: 'laptop-1 deleted.', Response: null });
    expect(
      (await server.request<any>('DELETE', '/api/extclients/office/laptop-1', { token: net.token })).status,
    ).toBe(200);
    expect((await get('/api/extclients')).body).toEqual([]);
  });
});

describe('ownership (api-contract §8.3 self_only)', () => {
  it('-> a network user sees and changes only its own clients; a foreign client answers 403 and stays as it was', async () => {
    const alice = await createUserWithRole(server, 'alice', 'platform-user', ['office-network-user-grp']);
    const bob = await createUserWithRole(server, 'bob', 'platform-user', ['office-network-user-grp']);
    const mine = await createClient(server, alice, 'office', net.gatewayNode, { clientid: 'alice-phone' });
    expect(mine.status).toBe(200);
    expect(mine.body.ownerid).toBe('alice');
    expect((await get('/api/extclients/office', alice)).body.map((c: any) => c.clientid)).toEqual([
      'alice-phone',
    ]);
    expect((await get('/api/extclients/office', bob)).body).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/extclients/office/alice-phone'],
      ['GET', '/api/extclients/office/alice-phone/file'],
      ['PUT', '/api/extclients/office/alice-phone'],
      ['DELETE', '/api/extclients/office/alice-phone'],
    ] as const) {
      const response = await server.request<any>(method, url, {
        token: bob,
        body: method === 'PUT' ? { enabled: false } : undefined,
      });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.Message).toContain('access denied');
    }
    expect((await get('/api/extclients/office/alice-phone', alice)).body.enabled).toBe(true);
    expect((await get('/api/extclients/office/laptop-1', net.token)).status).toBe(200);
    // The admin sees everyone's clients.
    expect((await get('/api/extclients/office')).body).toHaveLength(2);
  });

  it('-> an auditor reads clients without private keys and may not download a config', async () => {
    const auditor = await createUserWithRole(server, 'audrey', 'auditor');
    const one = await get('/api/extclients/office/laptop-1', auditor);
    expect(one.status).toBe(200);
    expect(one.body.privatekey).toBe('');
    const file = await get('/api/extclients/office/laptop-1/file', auditor);
    expect(file.status).toBe(403);
    expect(file.body.Message).toContain('only the owner or a network admin');
  });

  it('-> a network user cannot make a gateway', async () => {
    const alice = await createUserWithRole(server, 'alice', 'platform-user', ['office-network-user-grp']);
    const response = await server.request('POST', `/api/nodes/office/${net.meshNode}/createingress`, {
      token: alice,
      body: {},
    });
    expect(response.status).toBe(403);
  });
});

describe('POST /api/nodes/{network}/{nodeid}/createingress', () => {
  it('-> sets the gateway defaults (MTU 1420, keepalive 20) and refuses a host that is not Linux', async () => {
    const node = (await get('/api/nodes/office')).body.find((n: any) => n.id === net.gatewayNode);
    expect(node).toMatchObject({
      isingressgateway: true,
      ingressmtu: 1420,
      ingresspersistentkeepalive: 20,
      metadata: 'office gateway',
    });
    await server.app.meshdeck.database.db
      .updateTable('hosts')
      .set({ os: 'windows' })
      .where('id', '=', net.meshHost.id)
      .execute();
    const refused = await server.request<any>('POST', `/api/nodes/office/${net.meshNode}/createingress`, {
      token: net.token,
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('only Linux hosts can be remote-access gateways');
    expect(
      (await get('/api/nodes/office')).body.find((n: any) => n.id === net.meshNode).isingressgateway,
    ).toBe(false);
  });
});

describe('GET /api/extclients/{network}/{clientid}/qr', () => {
  it('-> returns a 220 px PNG that decodes to exactly the config without PostUp/PostDown', async () => {
    const response = await fetch(`${server.url}/api/extclients/office/laptop-1/qr`, {
      headers: { authorization: `Bearer ${net.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(220);
    const file = (
      await server.request<string>('GET', '/api/extclients/office/laptop-1/file', { token: net.token })
    ).body;
    expect(file).toContain('PostUp = echo up');
    const expected = file.replace('PostUp = echo up\n', '').replace('PostDown = echo down\n', '');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-'));
    fs.writeFileSync(path.join(dir, 'client.png'), png);
    const decoded = execFileSync('zbarimg', ['--raw', '-q', path.join(dir, 'client.png')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    fs.rmSync(dir, { recursive: true, force: true });
    // zbarimg ends its output with one newline of its own.
    expect(decoded).toBe(`${expected}\n`);
  });

  it('-> any other type answers the client as JSON', async () => {
    const response = await get('/api/extclients/office/laptop-1/json');
    expect(response.body).toMatchObject({ clientid: 'laptop-1', network: 'office' });
  });
});
