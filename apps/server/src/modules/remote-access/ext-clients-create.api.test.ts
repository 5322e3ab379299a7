import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
beforeEach(async () => {
  server = await startTestServer();
  net = await gatewayNetwork(server);
});
afterEach(async () => {
  await server.close();
});

const clientCount = async () =>
  (await server.request<any[]>('GET', '/api/extclients', { token: net.token })).body.length;

describe('POST /api/extclients/{network}/{nodeid}', () => {
  it('-> when the body is empty, creates a client with a random name, the highest free address and a server-made key pair', async () => {
    const response = await createClient(server, net.token, 'office', net.gatewayNode);
    expect(response.status).toBe(200);
    expect(response.body.clientid).toMatch(/^[a-z0-9-]{5,15}$/);
    expect(response.body).toMatchObject({
      network: 'office',
      address: '10.10.0.254',
      ingressgatewayid: net.gatewayNode,
      enabled: true,
      ownerid: 'admin',
    });
    expect(Buffer.from(response.body.privatekey, 'base64')).toHaveLength(32);
    expect(response.body.ingressgatewayendpoint).toBe('203.0.113.10:51821');
    const second = await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-2' });
    expect(second.body.address).toBe('10.10.0.253');
  });

  it('-> when the client brings its public key, stores it with the placeholder private key', async () => {
    const publickey = Buffer.alloc(32, 7).toString('base64');
    const response = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'own-keys',
      publickey,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ publickey, privatekey: '[ENTER PRIVATE KEY]' });
  });

  it.each([
    ['has a space', 'my laptop', 'The client id should not have spaces'],
    [
      'has 4 characters',
      'abcd',
      'Please enter a client id, with a minimum of 5 characters and a maximum of 32 characters.',
    ],
    [
      'has 33 characters',
      'a'.repeat(33),
      'Please enter a client id, with a minimum of 5 characters and a maximum of 32 characters.',
    ],
  ])(
    '-> when the client id %s, returns 400 with the spec message and creates nothing',
    async (_case, clientid, message) => {
      const response = await createClient(server, net.token, 'office', net.gatewayNode, { clientid });
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain(message);
      expect(await clientCount()).toBe(0);
    },
  );

  it('-> when the client id is taken, returns 400 "duplicate client name" and keeps one client', async () => {
    expect(
      (await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' })).status,
    ).toBe(200);
    const again = await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' });
    expect(again.status).toBe(400);
    expect(again.body.Message).toContain('duplicate client name');
    expect(await clientCount()).toBe(1);
  });

  it('-> when extra allowed IPs overlap the network range, each other or another client on the gateway, returns 400 and creates nothing', async () => {
    const inRange = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      extraallowedips: ['10.10.0.0/16'],
    });
    expect(inRange.status).toBe(400);
    expect(inRange.body.Message).toBe('extraallowedips 10.10.0.0/16 overlaps the network range 10.10.0.0/24');
    const twins = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      extraallowedips: ['192.168.5.0/24', '192.168.5.7'],
    });
    expect(twins.status).toBe(400);
    expect(twins.body.Message).toContain('overlaps 192.168.5.0/24 in the same list');
    expect(
      (
        await createClient(server, net.token, 'office', net.gatewayNode, {
          clientid: 'laptop-1',
          extraallowedips: ['192.168.5.0/24'],
        })
      ).status,
    ).toBe(200);
    const taken = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-2',
      extraallowedips: ['192.168.0.0/16'],
    });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toContain('already routed to client laptop-1');
    const notCidr = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-3',
      extraallowedips: ['not-a-range'],
    });
    expect(notCidr.status).toBe(400);
    expect(notCidr.body.Message).toContain('CIDR');
    expect(await clientCount()).toBe(1);
  });

  it('-> when the node is not a gateway, returns 400 "ingress does not exist"', async () => {
    const response = await createClient(server, net.token, 'office', net.meshNode, { clientid: 'laptop-1' });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('ingress does not exist');
    expect(await clientCount()).toBe(0);
  });

  it('-> when postup is longer than 1024 characters or dns is not a list of IPs, returns 400 naming the field', async () => {
    const long = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      postup: 'x'.repeat(1025),
    });
    expect(long.status).toBe(400);
    expect(long.body.Message).toContain('postup must be at most 1024 characters');
    const dns = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      dns: 'resolver.example',
    });
    expect(dns.status).toBe(400);
    expect(dns.body.Message).toContain('dns must be a comma-separated list of IP addresses');
  });

  it('-> when clients are created concurrently, each gets a distinct address and nodes never get a client address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createClient(server, net.token, 'office', net.gatewayNode, { clientid: `parallel-${i}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const addresses = responses.map((r) => r.body.address);
    expect(new Set(addresses).size).toBe(8);
    // The network's list holds its clients too (as static nodes, issue 39): the mesh nodes are the others.
    const nodes = (await server.request<any[]>('GET', '/api/nodes/office', { token: net.token })).body
      .filter((n) => !n.is_static)
      .map((n) => n.address.split('/')[0]);
    expect(nodes.filter((a: string) => addresses.includes(a))).toEqual([]);
  });

  it('-> when two clients with the same public key or id are created at once, one wins and the other gets 400', async () => {
    const publickey = Buffer.alloc(32, 5).toString('base64');
    const sameKey = await Promise.all(
      [1, 2].map((i) =>
        createClient(server, net.token, 'office', net.gatewayNode, { clientid: `same-key-${i}`, publickey }),
      ),
    );
    expect(sameKey.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(sameKey.find((r) => r.status === 400)?.body.Message).toBe(
      'publickey is already in use by another client or host',
    );
    const sameId = await Promise.all(
      [1, 2].map(() => createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'same-id' })),
    );
    expect(sameId.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await clientCount()).toBe(2);
  });

  it('-> when hosts join while clients are created, no address is handed out twice', async () => {
    const [joined, clients] = await Promise.all([
      registerFleet(server, net.token, ['office'], ['j1', 'j2', 'j3', 'j4']),
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          createClient(server, net.token, 'office', net.gatewayNode, { clientid: `during-${i}` }),
        ),
      ),
    ]);
    const nodeAddresses = joined.map((h) => h.nodes[0]!.address.IP);
    const clientAddresses = clients.map((c) => c.body.address as string);
    expect(new Set([...nodeAddresses, ...clientAddresses]).size).toBe(8);
  });
});

describe('GET /api/extclients/{network}/{clientid}/file', () => {
  it('-> returns the wg-quick config as <clientid>.conf that wg-quick strip accepts', async () => {
    await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      dns: '10.10.0.1',
      postup: 'echo up',
      extraallowedips: ['192.168.50.0/24'],
    });
    const client = (await server.request<any>('GET', '/api/extclients/office/laptop-1', { token: net.token }))
      .body;
    const response = await server.request<string>('GET', '/api/extclients/office/laptop-1/file', {
      token: net.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/config');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="laptop-1.conf"');
    expect(response.body).toBe(
      [
        '[Interface]',
        'Address = 10.10.0.254/32',
        `PrivateKey = ${client.privatekey}`,
        'MTU = 1420',
        'DNS = 10.10.0.1',
        'PostUp = echo up',
        '',
        '[Peer]',
        `PublicKey = ${net.gatewayHost.publickey}`,
        'AllowedIPs = 10.10.0.0/24',
        'Endpoint = 203.0.113.10:51821',
        'PersistentKeepalive = 20',
        '',
      ].join('\n'),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wgconf-'));
    const file = path.join(dir, 'laptop1.conf');
    fs.writeFileSync(file, response.body, { mode: 0o600 });
    const stripped = execFileSync('wg-quick', ['strip', file], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(stripped).toContain(`PrivateKey = ${client.privatekey}`);
    expect(stripped).toContain('AllowedIPs = 10.10.0.0/24');
  });

  it('-> when preferredip is not one of the gateway endpoints returns 400; when it is, uses it', async () => {
    await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' });
    const bad = await server.request<any>(
      'GET',
      '/api/extclients/office/laptop-1/file?preferredip=198.51.100.9',
      { token: net.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain(
      "preferredip 198.51.100.9 is not one of the gateway's endpoint IPs (203.0.113.10)",
    );
    const good = await server.request<string>(
      'GET',
      '/api/extclients/office/laptop-1/file?preferredip=203.0.113.10',
      { token: net.token },
    );
    expect(good.body).toContain('Endpoint = 203.0.113.10:51821');
    // An additional remote-access-gateway IP (set on the node) becomes a valid choice.
    const node = (await server.request<any[]>('GET', '/api/nodes/office', { token: net.token })).body.find(
      (n) => n.id === net.gatewayNode,
    );
    expect(
      (
        await server.request('PUT', `/api/nodes/office/${net.gatewayNode}`, {
          token: net.token,
          body: { ...node, additional_rag_ips: ['198.51.100.9'] },
        })
      ).status,
    ).toBe(200);
    const rag = await server.request<string>(
      'GET',
      '/api/extclients/office/laptop-1/file?preferredip=198.51.100.9',
      { token: net.token },
    );
    expect(rag.status).toBe(200);
    expect(rag.body).toContain('Endpoint = 198.51.100.9:51821');
  });
});
