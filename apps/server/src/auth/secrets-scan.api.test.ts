import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFleet } from '../../test/device-factories.ts';
import { createNetwork, createUserWithRole } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../test/remote-access-factories.ts';

/**
 * Every readable /api route, as every principal, scanned for secrets that principal may not see (issue 29). The
 * routes come from the server's own route list, so a route added tomorrow is scanned without an edit here; its
 * path parameters are filled with real objects that carry secrets (a remote-access user's client, an invite, an
 * enrollment key), so an answer that leaks one shows it.
 */
const MASTER_KEY = 'secrets-scan-master-key-0123456789';
let server: TestServer;
const tokens: Record<string, string | undefined> = {};
let params: Record<string, string[]>;
/** Each secret, and the principals allowed to read it. */
let secrets: { name: string; value: string; readers: string[] }[];

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro', MASTER_KEY });
  const a = await gatewayNetwork(server, 'neta', '10.71.0.0/24');
  await createNetwork(server, a.token, 'netb', { addressrange: '10.72.0.0/24' });
  const [gatewayB] = await registerFleet(server, a.token, ['netb'], ['scan-gateway-b']);
  const gwB = gatewayB!.nodes[0]!.id;
  await server.request('POST', `/api/nodes/netb/${gwB}/createingress`, { token: a.token, body: {} });
  Object.assign(tokens, {
    nobody: undefined,
    host: gatewayB!.hostToken,
    user: await createUserWithRole(server, 'scan-user', 'platform-user'),
    service: await createUserWithRole(server, 'scan-service', 'service-user'),
    auditor: await createUserWithRole(server, 'scan-auditor', 'auditor'),
    netadmin: await createUserWithRole(server, 'scan-neta-admin', 'platform-user', [
      'neta-network-admin-grp',
    ]),
    netuser: await createUserWithRole(server, 'scan-neta-user', 'platform-user', ['neta-network-user-grp']),
    racuser: await createUserWithRole(server, 'racuser', 'platform-user', ['netb-network-user-grp']),
    admin: await createUserWithRole(server, 'scan-admin', 'admin'),
    super: a.token,
    master: MASTER_KEY,
  });
  const client = await createClient(server, tokens.racuser!, 'netb', gwB, { clientid: 'rac-phone' });
  // The remote-access user is attached to B's gateway, as an admin does in the console (Users -> gateways).
  await server.request('POST', `/api/users/racuser/remote_access_gw/${gwB}`, { token: a.token });
  const adminsClient = await createClient(server, a.token, 'neta', a.gatewayNode, { clientid: 'admins-pc' });
  const invite = await server.request<any>('POST', '/api/v1/users/invite', {
    token: a.token,
    body: { user_emails: ['new-admin@example.com'], platform_role_id: 'admin' },
  });
  const key = await server.request<any>('POST', '/api/v1/enrollment-keys', {
    token: a.token,
    body: { tags: ['scan'], networks: ['neta'], type: 2, unlimited: true, expiration: 0, uses_remaining: 0 },
  });
  expect([client.status, adminsClient.status, invite.status, key.status]).toEqual([200, 200, 200, 200]);
  const inviteCode = new URL(invite.body.Response[0].invite_url).searchParams.get('invite_code')!;
  const platformAdmins = ['admin', 'super', 'master'];
  secrets = [
    {
      name: "racuser's client private key",
      value: client.body.privatekey,
      readers: ['racuser', ...platformAdmins],
    },
    {
      name: "neta admin's client private key",
      value: adminsClient.body.privatekey,
      readers: ['netadmin', ...platformAdmins],
    },
    { name: 'invite code', value: inviteCode, readers: platformAdmins },
    { name: 'enrollment key value', value: key.body.value, readers: platformAdmins },
    { name: 'enrollment token', value: key.body.token, readers: platformAdmins },
    // Password hashes (argon2) and the master key never leave the server.
    { name: 'password hash', value: '$argon2', readers: [] },
    { name: 'master key', value: MASTER_KEY, readers: [] },
  ];
  params = {
    network: ['neta', 'netb'],
    networkname: ['neta', 'netb'],
    username: ['racuser', 'scan-admin'],
    clientid: ['rac-phone', 'admins-pc'],
    hostid: [gatewayB!.id, a.gatewayHost.id],
    nodeid: [gwB, a.gatewayNode],
    ingress_id: [gwB, a.gatewayNode],
    remote_access_gateway_id: [gwB],
    access_point_id: [gwB, a.gatewayNode],
    type: ['file', 'json'],
    keyID: [key.body.value],
    token: ['not-a-token'],
  };
}, 120_000);
afterAll(async () => {
  await server.close();
});

/** Every URL a documented GET path stands for, with each combination of the parameter values above. */
function urlsOf(path: string): string[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  let urls = [path];
  for (const name of names) {
    const values = params[name] ?? ['unknown'];
    urls = urls.flatMap((url) => values.map((value) => url.replace(`{${name}}`, encodeURIComponent(value))));
  }
  if (path === '/api/v1/users') return urls.map((url) => `${url}?username=racuser`);
  if (path === '/api/v1/users/access_token') return urls.map((url) => `${url}?username=racuser`);
  return urls;
}

describe('secrets in answers', () => {
  it('-> no readable route shows any principal a secret it may not read', async () => {
    const reads = server.app.apiRoutes.filter((route) => route.startsWith('GET '));
    expect(reads.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    let answered = 0;
    for (const route of reads) {
      const path = route.slice(4);
      // The event stream never ends; its events carry ids only (events.api.test.ts).
      if (path === '/api/v1/events') continue;
      for (const url of urlsOf(path)) {
        for (const [principal, token] of Object.entries(tokens)) {
          const response = await fetch(`${server.url}${url}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
          if (response.status === 200) answered++;
          for (const secret of secrets) {
            if (!secret.readers.includes(principal) && body.includes(secret.value))
              leaks.push(`${principal} reads the ${secret.name} at ${url} (${response.status})`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // The scan reached real answers, not only refusals.
    expect(answered).toBeGreaterThan(100);
  }, 240_000);

  it('-> the owner and the platform admins do read the secrets the scan hides from others', async () => {
    const owner = await server.request<any>('GET', '/api/extclients/netb/rac-phone', {
      token: tokens.racuser,
    });
    expect(owner.body.privatekey).toBe(secrets[0]!.value);
    const admin = await server.request<any>('GET', '/api/users/racuser/remote_access_gw', {
      token: tokens.admin,
    });
    expect(JSON.stringify(admin.body)).toContain(secrets[0]!.value);
    const keys = await server.request<any>('GET', '/api/v1/enrollment-keys', { token: tokens.auditor });
    const scanned = keys.body.find((k: any) => k.tags.includes('scan'));
    expect(scanned.token).toBe('');
    expect(scanned.value).toMatch(/^hidden-/);
  });
});
