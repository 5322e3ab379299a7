import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFleet } from '../../test/device-factories.ts';
import { createNetwork, createUserWithRole } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../test/remote-access-factories.ts';

/**
 * Issue 29, one test per reported hole, each with its repro: a Pro server with a super admin, an admin, a platform
 * user with no network, network A's admin and user, an auditor, remote-access gateways in networks A and B, and
 * a remote-access user on B's gateway.
 */
let server: TestServer;
const logLines: string[] = [];
let superToken: string;
let gwA: string;
let meshNodeA: string;
let gwB: string;
let hostOnlyInB: string;
const t: Record<string, string> = {};

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ EDITION: 'pro', LOG_LEVEL: 'info' }, { logStream: stream });
  const a = await gatewayNetwork(server, 'neta', '10.61.0.0/24');
  superToken = a.token;
  gwA = a.gatewayNode;
  meshNodeA = a.meshNode;
  await createNetwork(server, superToken, 'netb', { addressrange: '10.62.0.0/24' });
  const [gatewayB] = await registerFleet(server, superToken, ['netb'], ['gateway-b']);
  gwB = gatewayB!.nodes[0]!.id;
  hostOnlyInB = gatewayB!.id;
  const ingress = await server.request('POST', `/api/nodes/netb/${gwB}/createingress`, {
    token: superToken,
    body: { extclientdns: '' },
  });
  expect(ingress.status).toBe(200);
  t.admin = await createUserWithRole(server, 'sec-admin', 'admin');
  t.platformUser = await createUserWithRole(server, 'sec-user', 'platform-user');
  t.netAdminA = await createUserWithRole(server, 'sec-neta-admin', 'platform-user', [
    'neta-network-admin-grp',
  ]);
  t.netUserA = await createUserWithRole(server, 'sec-neta-user', 'platform-user', ['neta-network-user-grp']);
  t.auditor = await createUserWithRole(server, 'sec-auditor', 'auditor');
  t.racUser = await createUserWithRole(server, 'racuser', 'platform-user', ['netb-network-user-grp']);
  // The remote-access user is attached to B's gateway, as an admin does in the console (Users -> gateways).
  expect(
    (await server.request('POST', `/api/users/racuser/remote_access_gw/${gwB}`, { token: superToken }))
      .status,
  ).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe('issue 29: each reported hole, closed', () => {
  it('1 -> an auditor lists invites without their codes, so it cannot sign itself up as an admin', async () => {
    const created = await server.request<any>('POST', '/api/v1/users/invite', {
      token: superToken,
      body: { user_emails: ['boss@example.com'], platform_role_id: 'admin' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = new URL(created.body.Response[0].invite_url).searchParams.get('invite_code')!;
    expect(code).not.toBe('');
    const listed = await server.request<any>('GET', '/api/v1/users/invites', { token: t.auditor });
    expect(listed.status).toBe(200);
    expect(listed.body.Response).toHaveLength(1);
    expect(listed.body.Response[0]).toMatchObject({ invite_code: '', invite_url: '' });
    expect(JSON.stringify(listed.body)).not.toContain(code);
    // With no code there is nothing to sign up with.
    const signup = await server.request(
      'POST',
      '/api/v1/users/invite-signup?email=boss%40example.com&invite_code=',
      {
        body: { username: 'boss@example.com', password: 'boss-password-1' },
      },
    );
    expect(signup.status).toBe(400);
    // An admin still sees the code (it may invite, so it may copy the link).
    const adminList = await server.request<any>('GET', '/api/v1/users/invites', { token: t.admin });
    expect(adminList.body.Response[0].invite_code).toBe(code);
  });

  it("2 -> an auditor reads a remote-access user's gateways without the client's private key; the owner reads it", async () => {
    const client = await createClient(server, t.racUser!, 'netb', gwB, { clientid: 'rac-laptop' });
    expect(client.status).toBe(200);
    const privateKey = client.body.privatekey as string;
    expect(privateKey.length).toBeGreaterThan(40);
    const asAuditor = await server.request<any>('GET', '/api/users/racuser/remote_access_gw', {
      token: t.auditor,
    });
    expect(asAuditor.status).toBe(200);
    // The answer holds the user's client (the gateway it is attached to), with the key blanked.
    expect(asAuditor.body.netb[0].gw_client.clientid).toBe('rac-laptop');
    expect(asAuditor.body.netb[0].gw_client.privatekey).toBe('');
    expect(JSON.stringify(asAuditor.body)).not.toContain(privateKey);
    const asOwner = await server.request<any>('GET', '/api/users/racuser/remote_access_gw', {
      token: t.racUser,
    });
    expect(JSON.stringify(asOwner.body)).toContain(privateKey);
  });

  it('3 -> a line break in a gateway DNS or a client script is refused with 400 naming the field, and no config carries it', async () => {
    const dns = await server.request<any>('PUT', `/api/nodes/neta/${gwA}`, {
      token: t.netAdminA,
      body: { ingressdns: '1.1.1.1\nPostUp = touch /tmp/pwned\n[Peer]\nPublicKey = attacker' },
    });
    expect(dns.status).toBe(400);
    expect(dns.body.Message).toMatch(/ingressdns/);
    const notAnAddress = await server.request<any>('PUT', `/api/nodes/neta/${gwA}`, {
      token: t.netAdminA,
      body: { ingressdns: 'touch /tmp/pwned' },
    });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.Message).toMatch(/ingressdns/);
    for (const field of ['postup', 'postdown', 'dns', 'device_name']) {
      const answer = await createClient(server, t.netAdminA!, 'neta', gwA, {
        [field]: 'echo hi\n[Peer]\nPublicKey = attacker',
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.Message, field).toMatch(new RegExp(field));
    }
    const client = await createClient(server, t.netAdminA!, 'neta', gwA, { clientid: 'clean-one' });
    const file = await server.request<string>('GET', '/api/extclients/neta/clean-one/file', {
      token: t.netAdminA,
    });
    expect(client.status).toBe(200);
    expect(file.body).not.toMatch(/PostUp|attacker/);
    expect(file.body.match(/\[Peer\]/g)).toHaveLength(1);
  });

  it("4 -> a network user cannot route a default route or another network's range to its client", async () => {
    for (const extra of [['::/0'], ['0.0.0.0/0'], ['10.62.0.0/25'], ['10.61.0.128/25']]) {
      const answer = await createClient(server, t.netUserA!, 'neta', gwA, { extraallowedips: extra });
      expect(answer.status, extra[0]).toBe(400);
      expect(answer.body.Message, extra[0]).toMatch(/extraallowedips/);
    }
    // Nor, for anyone, a range an egress gateway of the network serves (it would shadow the gateway's LAN).
    const egress = await server.request('POST', `/api/nodes/neta/${meshNodeA}/creategateway`, {
      token: superToken,
      body: { ranges: ['192.168.50.0/24'], natEnabled: 'yes' },
    });
    expect(egress.status).toBe(200);
    for (const token of [t.netUserA!, superToken]) {
      const shadow = await createClient(server, token, 'neta', gwA, { extraallowedips: ['192.168.50.0/25'] });
      expect(shadow.status).toBe(400);
      expect(shadow.body.Message).toMatch(/extraallowedips .*egress gateway/);
    }
    // A range outside every network stays the user's to route (a LAN behind the laptop).
    const lan = await createClient(server, t.netUserA!, 'neta', gwA, {
      extraallowedips: ['192.168.77.0/24'],
    });
    expect(lan.status).toBe(200);
  });

  it("5 -> a host's details are not for a platform user with no network, nor for another network's admin or user", async () => {
    for (const who of ['platformUser', 'netAdminA', 'netUserA'] as const) {
      const answer = await server.request('GET', `/api/console/hosts/${hostOnlyInB}`, { token: t[who] });
      // Not found for them, as a network they cannot see is (decision 046; 403 before).
      expect(answer.status, who).toBe(404);
    }
    for (const who of ['admin', 'auditor', 'racUser'] as const) {
      const answer = await server.request('GET', `/api/console/hosts/${hostOnlyInB}`, { token: t[who] });
      expect(answer.status, who).toBe(200);
    }
  });

  it('6 -> 60 clients without ids in network A and 60 in network B all get an id; none collides', async () => {
    const ids = new Set<string>();
    for (const [netid, gw] of [
      ['neta', gwA],
      ['netb', gwB],
    ] as const) {
      for (let i = 0; i < 60; i++) {
        const answer = await createClient(server, superToken, netid, gw, {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        ids.add(answer.body.clientid as string);
      }
    }
    expect(ids.size).toBe(120);
    // 120 client creations one after another: a limit on waiting (it passed 30 s only on a quiet machine).
  }, 120_000);

  it("7 -> an invitee opening the invite link leaves no invite code in the server's log", async () => {
    const created = await server.request<any>('POST', '/api/v1/users/invite', {
      token: t.admin,
      body: { user_emails: ['logged@example.com'], platform_role_id: 'platform-user' },
    });
    const code = new URL(created.body.Response[0].invite_url).searchParams.get('invite_code')!;
    const opened = await server.request(
      'GET',
      `/api/v1/users/invite?email=logged%40example.com&invite_code=${encodeURIComponent(code)}`,
    );
    expect(opened.status).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/api/v1/users/invite?email=');
    expect(log).not.toContain(code);
  });

  it("8 -> deleting another network's client through this network is 404 and deletes nothing", async () => {
    const inB = await createClient(server, superToken, 'netb', gwB, { clientid: 'only-in-b' });
    expect(inB.status).toBe(200);
    const wrong = await server.request('DELETE', '/api/extclients/neta/only-in-b', { token: superToken });
    expect(wrong.status).toBe(404);
    expect(
      (await server.request('GET', '/api/extclients/netb/only-in-b', { token: superToken })).status,
    ).toBe(200);
  });

  it('8 -> an access token cannot be made to outlive a year', async () => {
    const forever = await server.request<any>('POST', '/api/v1/users/access_token', {
      token: t.platformUser,
      body: { name: 'forever', user_name: 'sec-user', expires_at: '9999-12-31T00:00:00Z' },
    });
    expect(forever.status).toBe(400);
    expect(forever.body.Message).toMatch(/expires_at/);
    const inMonths = new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString();
    const fine = await server.request('POST', '/api/v1/users/access_token', {
      token: t.platformUser,
      body: { name: 'ci', user_name: 'sec-user', expires_at: inMonths },
    });
    expect(fine.status).toBe(200);
  });
});

/**
 * Issue 38, items 1 and 2, one test per reported hole (and the holes the generated isolation test found besides),
 * each against the server above: network A's admin and user, and a platform user with no network, against B's
 * gateway node and host. The generated cover of every route is isolation.api.test.ts (decision 046).
 */
describe('issue 38: a route judges the network of the object it touches', () => {
  const failoverOf = async (nodeId: string) => {
    const nodes = await server.request<any[]>('GET', '/api/nodes/netb', { token: superToken });
    return nodes.body.find((node) => node.id === nodeId)?.is_fail_over as boolean;
  };

  it("1 -> A's admin cannot make or unmake B's node the failover through ?network=A: 404 naming the field, B unchanged", async () => {
    const made = await server.request<any>('POST', `/api/v1/node/${gwB}/failover?network=neta`, {
      token: t.netAdminA,
    });
    expect(made.status).toBe(404);
    expect(made.body.Message).toMatch(/^nodeid: node .* not found in network neta$/);
    expect(await failoverOf(gwB)).toBe(false);
    // Without ?network= the node's own network is judged: A's admin holds no role in B.
    const bare = await server.request('POST', `/api/v1/node/${gwB}/failover`, { token: t.netAdminA });
    expect(bare.status).toBe(403);
    expect(await failoverOf(gwB)).toBe(false);
    // B's failover, set by a platform admin, cannot be unset from A either.
    expect((await server.request('POST', `/api/v1/node/${gwB}/failover`, { token: superToken })).status).toBe(
      200,
    );
    const unmade = await server.request('DELETE', `/api/v1/node/${gwB}/failover?network=neta`, {
      token: t.netAdminA,
    });
    expect(unmade.status).toBe(404);
    expect(await failoverOf(gwB)).toBe(true);
    expect(
      (await server.request('DELETE', `/api/v1/node/${gwB}/failover`, { token: superToken })).status,
    ).toBe(200);
  });

  it("2 -> a platform user with no network, and A's admin and user, read none of B's tags, policies, checks, matrix or DNS: 404", async () => {
    const reads = [
      '/api/v1/tags?network=netb',
      '/api/v1/acls?network=netb',
      '/api/v1/acls/assertions?network=netb',
      `/api/v1/acls/debug?node=${gwB}&peer=${gwB}&network=netb`,
      `/api/v1/acls/debug?node=${gwB}&peer=${gwB}`,
      '/api/dns/adm/netb',
      '/api/dns/adm/netb/nodes',
      '/api/dns/adm/netb/custom',
      '/api/networks/netb/acls',
      '/api/networks/netb/acls/cells',
    ];
    for (const who of ['platformUser', 'netAdminA', 'netUserA'] as const) {
      for (const url of reads) {
        const answer = await server.request<any>('GET', url, { token: t[who] });
        expect(answer.status, `${who} ${url}`).toBe(404);
        expect(answer.body.Response ?? null, `${who} ${url}`).toBeNull();
      }
    }
    // Those who see B still read it: the refusals come from the caller's roles, not from the routes.
    for (const url of reads)
      expect((await server.request('GET', url, { token: t.auditor })).status, url).toBe(200);
  });

  it("3 -> a ?network= of the caller's own network opens no platform-wide list and no other network's host or gateway", async () => {
    for (const url of ['/api/nodes', '/api/hosts', '/api/console/hosts', '/api/extclients', '/api/dns'])
      for (const network of ['neta', 'netb']) {
        const answer = await server.request('GET', `${url}?network=${network}`, { token: t.netAdminA });
        expect(answer.status, `${url}?network=${network}`).toBe(403);
      }
    for (const [method, url] of [
      ['PUT', `/api/hosts/${hostOnlyInB}/keys?network=neta`],
      ['POST', `/api/hosts/${hostOnlyInB}/sync?network=neta`],
      ['PUT', `/api/hosts/${hostOnlyInB}/upgrade?network=neta`],
      ['POST', `/api/users/sec-neta-user/remote_access_gw/${gwB}?network=neta`],
      ['GET', `/api/users/ingress/${gwB}?network=neta`],
    ] as const) {
      const answer = await server.request(method, url, { token: t.netAdminA });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const attached = await server.request<any>('GET', `/api/users/ingress/${gwB}`, { token: superToken });
    expect(JSON.stringify(attached.body)).not.toContain('sec-neta-user');
  });

  it("4 -> a path network that disagrees with the object's is 404 naming the field, and ?network= that disagrees with the path is 400", async () => {
    const wrongPath = await server.request<any>('PUT', `/api/nodes/neta/${gwB}`, {
      token: t.netAdminA,
      body: { metadata: 'taken over' },
    });
    expect(wrongPath.status).toBe(404);
    expect(wrongPath.body.Message).toMatch(/^nodeid: /);
    const twoNames = await server.request<any>('GET', '/api/dns/adm/neta?network=netb', {
      token: t.netAdminA,
    });
    expect(twoNames.status).toBe(400);
    expect(twoNames.body.Message).toMatch(/^network: /);
    const node = (await server.request<any[]>('GET', '/api/nodes/netb', { token: superToken })).body.find(
      (n) => n.id === gwB,
    );
    expect(node.metadata).not.toBe('taken over');
  });
});
