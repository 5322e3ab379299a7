import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFleet } from '../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * One table of who may call what (api-contract §8.3). Every /api route the app registers (hidden from the OpenAPI
 * document or not) must have a row, so a new route fails this test until its authors decide its row. Columns:
 *   nobody   no Authorization header
 *   host     a host (agent) token, for the host named by {hostid}
 *   user     a Pro platform-user without any network role
 *   service  a Pro service-user without any network role
 *   auditor  a Pro auditor
 *   netadmin a platform-user in group neta-network-admin-grp (the network every {network} names)
 *   netuser  a platform-user in group neta-network-user-grp
 *   admin    a platform admin
 *   super    the super admin
 *   master   the MASTER_KEY
 * 'ok' means the request got past authorization (any answer but 401/403), 401 unauthenticated, 403 forbidden,
 * 404 a read of a network the caller cannot see (decision 011; the route's network locator, decision 046).
 */
type Outcome = 'ok' | 401 | 403 | 404;
type Row = [
  nobody: Outcome,
  host: Outcome,
  user: Outcome,
  service: Outcome,
  auditor: Outcome,
  netadmin: Outcome,
  netuser: Outcome,
  admin: Outcome,
  superAdmin: Outcome,
  master: Outcome,
];
const ROLES = [
  'nobody',
  'host',
  'user',
  'service',
  'auditor',
  'netadmin',
  'netuser',
  'admin',
  'super',
  'master',
] as const;

const PUBLIC: Row = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
const ANY_USER: Row = [401, 403, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
/** Global writes: full-access platform roles only. */
const ADMIN: Row = [401, 403, 403, 403, 403, 403, 403, 'ok', 'ok', 'ok'];
/** Global reads: full-access platform roles and the auditor (any GET). */
const ADMIN_READ: Row = [401, 403, 403, 403, 'ok', 403, 403, 'ok', 'ok', 'ok'];
const SUPER_ADMIN: Row = [401, 403, 403, 403, 403, 403, 403, 403, 'ok', 'ok'];
/**
 * Network-scoped reads: auditors read; network admins and users read their network; a platform or service user
 * with no role in it is told it does not exist (issue 38: a platform-user read any network before).
 */
const NETWORK_READ: Row = [401, 403, 404, 404, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
/** Network-scoped writes: the network's admins; a network user's role only reads hosts. */
const NETWORK_WRITE: Row = [401, 403, 403, 403, 403, 'ok', 403, 'ok', 'ok', 'ok'];
const HOST_ONLY: Row = [401, 'ok', 403, 403, 403, 403, 403, 403, 403, 'ok'];
const HOST_OR_ADMIN: Row = [401, 'ok', 403, 403, 403, 403, 403, 'ok', 'ok', 'ok'];
const HOST_OR_NETWORK_WRITE: Row = [401, 'ok', 403, 403, 403, 'ok', 403, 'ok', 'ok', 'ok'];
/** External clients (self_only): a network user's role writes its own clients; the service checks ownership. */
const OWN_CLIENT_WRITE: Row = [401, 403, 403, 403, 403, 'ok', 'ok', 'ok', 'ok', 'ok'];
/** One host's details: admins and auditors, and roles in a network the host is in (the probed host is in neta). */
const HOST_READ: Row = [401, 403, 404, 404, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
/** GET /api/v1/users?username=<the plain user>: the user itself, or a role that reads users. */
const SELF_OR_ADMIN: Row = [401, 403, 'ok', 403, 'ok', 403, 403, 'ok', 'ok', 'ok'];

const EXPECTED: Record<string, Row> = {
  'GET /api/server/health': PUBLIC,
  'GET /api/server/status': PUBLIC,
  'GET /api/server/getconfig': ANY_USER,
  'POST /api/server/shutdown': SUPER_ADMIN,
  // Pro: reads the licence again (a replaced LICENSE_FILE); the role of a global write.
  'POST /api/v1/server/license/validation': ADMIN,
  'GET /api/users/adm/hassuperadmin': PUBLIC,
  'POST /api/users/adm/createsuperadmin': PUBLIC,
  'POST /api/users/adm/authenticate': PUBLIC,
  'POST /api/users/adm/transfersuperadmin/{username}': SUPER_ADMIN,
  'GET /api/v1/users': SELF_OR_ADMIN,
  'POST /api/users/{username}': ADMIN,
  'GET /api/users/{username}': ADMIN_READ,
  'PUT /api/users/{username}': ADMIN,
  'DELETE /api/users/{username}': ADMIN,
  'GET /api/users': ADMIN_READ,
  'POST /api/v1/users/access_token': ANY_USER,
  'GET /api/v1/users/access_token': ANY_USER,
  'DELETE /api/v1/users/access_token': ANY_USER,
  'GET /api/v1/users/roles': ADMIN_READ,
  'GET /api/v1/users/role': ADMIN_READ,
  'POST /api/v1/users/role': ADMIN,
  'PUT /api/v1/users/role': ADMIN,
  'DELETE /api/v1/users/role': ADMIN,
  'GET /api/v1/users/groups': ADMIN_READ,
  'GET /api/v1/users/group': ADMIN_READ,
  'GET /api/v1/users/groups/network': ADMIN_READ,
  'GET /api/v1/users/network': ADMIN_READ,
  'POST /api/v1/users/group': ADMIN,
  'PUT /api/v1/users/group': ADMIN,
  'DELETE /api/v1/users/group': ADMIN,
  'GET /api/v1/users/invite': PUBLIC,
  'POST /api/v1/users/invite-signup': PUBLIC,
  'POST /api/v1/users/invite': ADMIN,
  'GET /api/v1/users/invites': ADMIN_READ,
  'DELETE /api/v1/users/invite': ADMIN,
  'DELETE /api/v1/users/invites': ADMIN,
  'GET /api/users_pending': ADMIN_READ,
  'DELETE /api/users_pending': ADMIN,
  'POST /api/users_pending/user/{username}': ADMIN,
  'DELETE /api/users_pending/user/{username}': ADMIN,
  'GET /api/oauth/login': PUBLIC,
  'GET /api/oauth/callback': PUBLIC,
  'GET /api/v1/events': ANY_USER,
  // Every user reads the activity log: admins and auditors all of it, network admins their networks, others
  // their own entries (activity.api.test.ts checks which entries each sees).
  'GET /api/v1/activity': ANY_USER,
  'GET /api/v1/server/upgrade': ANY_USER,
  'GET /api/v1/downloads': ANY_USER,
  'GET /api/v1/network/activity': [401, 403, 404, 404, 'ok', 'ok', 403, 'ok', 'ok', 'ok'],
  // Export reads through the caller's own reads; import writes through the caller's own writes.
  'GET /api/v1/export': ADMIN_READ,
  'POST /api/v1/import': ADMIN,
  'GET /api/v1/user/activity': [401, 403, 'ok', 403, 'ok', 403, 403, 'ok', 'ok', 'ok'],
  // Branding: read before sign-in (the sign-in page and splash show it); set by admins, on Pro only.
  'GET /api/v1/branding': PUBLIC,
  'GET /api/v1/branding/images/{kind}': PUBLIC,
  'PUT /api/v1/branding': ADMIN,
  'GET /api/networks': ANY_USER,
  'POST /api/networks': ADMIN,
  'GET /api/networks/{networkname}': ANY_USER,
  'PUT /api/networks/{networkname}': ADMIN,
  'DELETE /api/networks/{networkname}': ADMIN,
  'GET /api/v1/networks/stats': ANY_USER,
  'GET /api/v1/enrollment-keys': ADMIN_READ,
  'POST /api/v1/enrollment-keys': ADMIN,
  'PUT /api/v1/enrollment-keys/{keyID}': ADMIN,
  'DELETE /api/v1/enrollment-keys/{keyID}': ADMIN,
  'POST /api/v1/host/register/{token}': PUBLIC,
  'POST /api/hosts/adm/authenticate': PUBLIC,
  'GET /api/v1/host': HOST_ONLY,
  'PUT /api/v1/fallback/host/{hostid}': HOST_ONLY,
  'GET /api/hosts': ADMIN_READ,
  'PUT /api/hosts/keys': ADMIN,
  'PUT /api/hosts/{hostid}': ADMIN,
  'DELETE /api/hosts/{hostid}': HOST_OR_ADMIN,
  'POST /api/hosts/{hostid}/networks/{network}': NETWORK_WRITE,
  'DELETE /api/hosts/{hostid}/networks/{network}': NETWORK_WRITE,
  'PUT /api/hosts/{hostid}/keys': ADMIN,
  'POST /api/hosts/{hostid}/sync': ADMIN,
  'PUT /api/hosts/{hostid}/upgrade': ADMIN,
  'GET /api/nodes': ADMIN_READ,
  'GET /api/nodes/{network}': NETWORK_READ,
  'PUT /api/nodes/{network}/{nodeid}': NETWORK_WRITE,
  'DELETE /api/nodes/{network}/{nodeid}': HOST_OR_NETWORK_WRITE,
  'POST /api/nodes/{network}/{nodeid}/approve': NETWORK_WRITE,
  'GET /api/console/nodes/{network}': NETWORK_READ,
  'GET /api/console/hosts': ADMIN_READ,
  // One host by id: callers who see every network, or one of the host's networks (issue 29); a platform user
  // with no network role reads no host.
  'GET /api/console/hosts/{hostid}': HOST_READ,
  'POST /api/nodes/{network}/{nodeid}/createingress': NETWORK_WRITE,
  'DELETE /api/nodes/{network}/{nodeid}/deleteingress': NETWORK_WRITE,
  'POST /api/nodes/{network}/{nodeid}/createrelay': NETWORK_WRITE,
  'DELETE /api/nodes/{network}/{nodeid}/deleterelay': NETWORK_WRITE,
  'POST /api/nodes/{network}/{nodeid}/creategateway': NETWORK_WRITE,
  'DELETE /api/nodes/{network}/{nodeid}/deletegateway': NETWORK_WRITE,
  'POST /api/nodes/{network}/{nodeid}/inet_gw': NETWORK_WRITE,
  'PUT /api/nodes/{network}/{nodeid}/inet_gw': NETWORK_WRITE,
  'DELETE /api/nodes/{network}/{nodeid}/inet_gw': NETWORK_WRITE,
  // Failover by node id: no network in the path, so only platform admins (network roles cannot be matched).
  'GET /api/v1/node/{nodeid}/failover': HOST_ONLY,
  'POST /api/v1/node/{nodeid}/failover': ADMIN,
  'DELETE /api/v1/node/{nodeid}/failover': ADMIN,
  'POST /api/v1/node/{network}/failover/reset': NETWORK_WRITE,
  // The agent asks for itself; the service checks the node is the calling host's own.
  'POST /api/v1/node/{nodeid}/failover_me': HOST_ONLY,
  'DELETE /api/v1/node/{nodeid}/failover_me': HOST_ONLY,
  'GET /api/v1/node/{nodeid}/failover_check': HOST_ONLY,
  // Meshdeck extras: an agent's routing picture, and the console's read of it per network.
  'PUT /api/v1/host/{hostid}/routing_status': HOST_ONLY,
  'GET /api/console/routing-status/{network}': NETWORK_READ,
  'GET /api/extclients': ADMIN_READ,
  // A platform-user's read reaches only its own clients (none here), so the list answers, empty.
  'GET /api/extclients/{network}': NETWORK_READ,
  'GET /api/extclients/{network}/{clientid}': NETWORK_READ,
  'GET /api/extclients/{network}/{clientid}/{type}': NETWORK_READ,
  'POST /api/extclients/{network}/{nodeid}': OWN_CLIENT_WRITE,
  'PUT /api/extclients/{network}/{clientid}': OWN_CLIENT_WRITE,
  'DELETE /api/extclients/{network}/{clientid}': OWN_CLIENT_WRITE,
  'GET /api/metrics-ext/{network}': ANY_USER,
  // Metrics: any user reads them for the networks they see (404 elsewhere, metrics.api.test.ts).
  'GET /api/metrics': ANY_USER,
  'GET /api/metrics/{network}': ANY_USER,
  'GET /api/metrics/{network}/{nodeid}': ANY_USER,
  'GET /api/v1/metrics/{network}/series': ANY_USER,
  'GET /api/console/metrics/{network}/matrix': ANY_USER,
  // Alert rules (Pro, decision 055): who reads the network reads its rules and alerts; its admins manage them.
  'GET /api/v1/alerts/{network}': NETWORK_READ,
  'GET /api/v1/alerts/{network}/rules': NETWORK_READ,
  'POST /api/v1/alerts/{network}/rules': NETWORK_WRITE,
  'PUT /api/v1/alerts/{network}/rules/{ruleid}': NETWORK_WRITE,
  'DELETE /api/v1/alerts/{network}/rules/{ruleid}': NETWORK_WRITE,
  'POST /api/v1/alerts/{network}/rules/{ruleid}/secret': NETWORK_WRITE,
  'POST /api/v1/alerts/{network}/rules/{ruleid}/test': NETWORK_WRITE,
  'GET /api/v1/metrics-health': ANY_USER,
  'POST /api/users/{username}/remote_access_gw/{remote_access_gateway_id}': ADMIN,
  'DELETE /api/users/{username}/remote_access_gw/{remote_access_gateway_id}': ADMIN,
  'GET /api/users/{username}/remote_access_gw': ADMIN_READ,
  'GET /api/users/ingress/{ingress_id}': ADMIN_READ,
  // The remote-access client's routes: any user, each answering only with the gateways that user may use.
  'GET /api/v1/rac/networks': ANY_USER,
  'GET /api/v1/rac/network/{network}/access_points': ANY_USER,
  'GET /api/v1/rac/access_point/{access_point_id}/config': ANY_USER,
  // Access control (issue 32): v1 routes name their network in the query or body, so without ?network= they are
  // platform-wide (admins); the old matrix names it in the path.
  'GET /api/v1/acls': ADMIN_READ,
  'POST /api/v1/acls': ADMIN,
  'PUT /api/v1/acls': ADMIN,
  'DELETE /api/v1/acls': ADMIN,
  'GET /api/v1/acls/policy_types': ADMIN_READ,
  'POST /api/v1/acls/preview': ADMIN,
  'GET /api/v1/acls/debug': ADMIN_READ,
  'GET /api/v1/acls/assertions': ADMIN_READ,
  'POST /api/v1/acls/assertions': ADMIN,
  'DELETE /api/v1/acls/assertions': ADMIN,
  'GET /api/v1/tags': ADMIN_READ,
  'POST /api/v1/tags': ADMIN,
  'PUT /api/v1/tags': ADMIN,
  'DELETE /api/v1/tags': ADMIN,
  'POST /api/v1/tags/preview': ADMIN,
  'GET /api/dns': ADMIN_READ,
  'GET /api/dns/adm/{network}': NETWORK_READ,
  'GET /api/dns/adm/{network}/nodes': NETWORK_READ,
  'GET /api/dns/adm/{network}/custom': NETWORK_READ,
  'POST /api/dns/{network}': NETWORK_WRITE,
  'DELETE /api/dns/{network}/{domain}': NETWORK_WRITE,
  'POST /api/dns/adm/{network}/sync': NETWORK_WRITE,
  'GET /api/networks/{networkname}/acls': NETWORK_READ,
  'GET /api/networks/{networkname}/acls/cells': NETWORK_READ,
  'PUT /api/networks/{networkname}/acls/cells': NETWORK_WRITE,
  'POST /api/networks/{networkname}/acls/cells/preview': NETWORK_WRITE,
  'PUT /api/networks/{networkname}/acls': NETWORK_WRITE,
  'PUT /api/networks/{networkname}/acls/v2': NETWORK_WRITE,
  'POST /api/networks/{networkname}/acls/preview': NETWORK_WRITE,
};

const MASTER_KEY = 'rbac-master-key-0123456789abcdef';
const PLAIN_USER = 'rbac-user';
let server: TestServer;
let tokens: Record<(typeof ROLES)[number], string | undefined>;
let hostId: string;

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro', MASTER_KEY });
  const superToken = await createSuperAdminAndLogin(server);
  await createNetwork(server, superToken, 'neta');
  // A second network nobody but the admins manages: the network roles of neta must not reach it.
  await createNetwork(server, superToken, 'netb', { addressrange: '10.102.0.0/24' });
  const [host] = await registerFleet(server, superToken, ['neta'], ['rbac-host']);
  hostId = host!.id;
  tokens = {
    nobody: undefined,
    host: host!.hostToken,
    user: await createUserWithRole(server, PLAIN_USER, 'platform-user'),
    service: await createUserWithRole(server, 'rbac-service', 'service-user'),
    auditor: await createUserWithRole(server, 'rbac-auditor', 'auditor'),
    netadmin: await createUserWithRole(server, 'rbac-net-admin', 'platform-user', ['neta-network-admin-grp']),
    netuser: await createUserWithRole(server, 'rbac-net-user', 'platform-user', ['neta-network-user-grp']),
    admin: await createUserWithRole(server, 'rbac-admin', 'admin'),
    super: superToken,
    master: MASTER_KEY,
  };
});
afterAll(async () => {
  await server.close();
});

/** The concrete URL probed for a documented path: existing network and host, made-up ids elsewhere. */
function probeUrl(route: string, network = 'neta'): string {
  const [, path = ''] = route.split(' ');
  const url = path
    .replace('{network}', network)
    .replace('{networkname}', network)
    .replace('{hostid}', hostId)
    .replace('{nodeid}', '00000000-0000-4000-8000-000000000001')
    .replace('{keyID}', '00000000-0000-4000-8000-000000000002')
    .replace('{username}', 'someone-new')
    .replace('{token}', 'not-a-token');
  if (route === 'GET /api/v1/network/activity') return `${url}?network_id=${network}`;
  if (route === 'GET /api/v1/users' || route === 'GET /api/v1/user/activity')
    return `${url}?username=${PLAIN_USER}`;
  return url;
}

/**
 * Calls a route without letting it act: writes carry a body of a media type no route accepts, so a request that
 * passes authorization stops at body parsing with 415 and never reaches its handler (no shutdown, no delete).
 * Reads are harmless; streams are cancelled once the status is known.
 */
async function probe(route: string, token: string | undefined, network?: string): Promise<number> {
  const [method = 'GET'] = route.split(' ');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const isRead = method === 'GET';
  if (!isRead) headers['content-type'] = 'application/x-rbac-probe';
  const response = await fetch(`${server.url}${probeUrl(route, network)}`, {
    method,
    headers,
    body: isRead ? undefined : 'probe',
  });
  await response.body?.cancel();
  return response.status;
}

const documentedRoutes = async (): Promise<string[]> => {
  const doc = (
    await server.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json')
  ).body;
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
};

describe('RBAC: every route as every role', () => {
  it('-> every registered /api route has a row in the table, and every row is a registered route', async () => {
    const routes = [...server.app.apiRoutes];
    expect(
      routes.filter((route) => !(route in EXPECTED)),
      'routes missing from the RBAC table',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((route) => !routes.includes(route)),
      'rows for routes that no longer exist',
    ).toEqual([]);
    // The same names as the OpenAPI document, so the table reads like the API reference.
    expect((await documentedRoutes()).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('-> each route answers each role as the table says', async () => {
    const mismatches: string[] = [];
    // One route at a time, its roles in parallel: ~90 routes x 10 roles must stay well inside the timeout.
    for (const [route, row] of Object.entries(EXPECTED)) {
      const statuses = await Promise.all(ROLES.map((role) => probe(route, tokens[role])));
      for (const [index, role] of ROLES.entries()) {
        const status = statuses[index]!;
        const expected = row[index];
        const actual: Outcome =
          status === 401 || status === 403 || (status === 404 && expected === 404) ? status : 'ok';
        if (actual !== expected) mismatches.push(`${route} as ${role}: expected ${expected}, got ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The probes changed nothing: the server is still up and the network and host still exist.
    expect((await server.request('GET', '/api/networks/neta', { token: tokens.super })).status).toBe(200);
    expect((await server.request('GET', '/api/hosts', { token: tokens.super })).body).toHaveLength(1);
  }, 120_000);
  // Every route against network B's objects, as every principal of network A: isolation.api.test.ts (generated
  // from the registered routes, both editions; decision 046).
});
