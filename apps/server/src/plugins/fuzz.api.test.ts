import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../test/db-snapshot.ts';
import { createKey, registerHost, hostBody } from '../../test/device-factories.ts';
import { ADMIN, createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import {
  FIELD_ATTACKS,
  fuzzBody,
  fuzzParam,
  type FuzzBody,
  type JsonSchema,
} from '../../test/fuzz-arbitraries.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Property-based fuzzing of every route in the OpenAPI document: malformed bodies, queries and path parameters,
 * as a super admin and without credentials. No answer may be a 5xx, and a rejected request (4xx) must leave
 * every table exactly as it was.
 */

interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}
interface FuzzRequest {
  url: string;
  body: FuzzBody | undefined;
}

// The shutdown route closes the server under test, and the event stream never ends: both are left out as
// a super admin (unauthenticated they are still fuzzed and must answer 401).
const SKIPPED_AS_ADMIN = new Set(['POST /api/server/shutdown', 'GET /api/v1/events']);
// Bounded so CI stays near a minute; FUZZ_RUNS raises it for a deeper local run.
const RUNS_AS_ADMIN = Number(process.env.FUZZ_RUNS ?? 30);
const RUNS_UNAUTHENTICATED = Math.ceil(RUNS_AS_ADMIN / 4);

let server: TestServer;
let token: string;
let routes: Route[];
let known: string[];
/** A valid body per route, so most fuzzed bodies differ from an accepted one in one field only. */
let templates: Record<string, Record<string, unknown>>;
/** Existing values per parameter name, so requests reach the handlers behind the lookups. */
let goodParams: Record<string, string[]>;
// A fixed seed (FUZZ_SEED) replays a run; the summary line prints the seed of every run.
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const stats = { requests: 0, routes: 0, serverErrors: 0, rejected: 0 };

beforeAll(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'fuzz-net', { addressrange: '10.77.0.0/24' });
  const key = await createKey(server, token, { tags: ['fuzz-key'], networks: ['fuzz-net'] });
  const host = hostBody('fuzz-host');
  const registered = await registerHost(server, key.token, host);
  known = [
    'fuzz-net',
    host.id,
    registered.nodes[0].id as string,
    key.value,
    key.token,
    ADMIN.username,
    'true',
    'false',
  ];
  goodParams = {
    networkname: ['fuzz-net'],
    network: ['fuzz-net'],
    hostid: [host.id],
    nodeid: [registered.nodes[0].id as string],
    keyID: [key.value],
    token: [key.token],
    username: [ADMIN.username, 'fuzz-user'],
    force: ['true', 'false'],
  };
  const { id: _id, hostpass: _hostpass, ...hostFields } = hostBody('fuzz-other').body;
  const fuzzPolicy = {
    name: 'fuzz policy',
    network_id: 'fuzz-net',
    policy_type: 'device-policy',
    src_type: [{ id: 'tag', value: '*' }],
    dst_type: [{ id: 'device', value: registered.nodes[0].id as string }],
    allowed_traffic_direction: 1,
    enabled: true,
  };
  templates = {
    'POST /api/users/adm/createsuperadmin': { username: 'fuzz-admin', password: 'password-123' },
    'POST /api/users/adm/authenticate': { ...ADMIN },
    'POST /api/users/{username}': { password: 'password-123', platform_role_id: 'platform-user' },
    'POST /api/networks': {
      netid: 'fuzz-new',
      addressrange: '10.78.0.0/24',
      addressrange6: 'fd00:78::/64',
      defaultkeepalive: 25,
    },
    'PUT /api/networks/{networkname}': {
      netid: 'fuzz-net',
      defaultkeepalive: 30,
      defaultmtu: 1400,
      defaultdns: '1.1.1.1',
    },
    'POST /api/v1/enrollment-keys': { tags: ['fuzz-new-key'], networks: ['fuzz-net'], unlimited: true },
    'PUT /api/v1/enrollment-keys/{keyID}': { tags: ['fuzz-key'], networks: ['fuzz-net'], unlimited: true },
    'POST /api/v1/host/register/{token}': host.body,
    'POST /api/hosts/adm/authenticate': { id: host.id, password: host.hostpass },
    'PUT /api/v1/fallback/host/{hostid}': {
      Action: 'CHECK_IN',
      Host: hostFields,
      Node: { id: registered.nodes[0].id, connected: true },
    },
    'PUT /api/hosts/{hostid}': {
      name: 'fuzz-renamed',
      verbosity: 2,
      listenport: 51830,
      endpointip: '203.0.113.9',
    },
    'POST /api/nodes/{network}/{nodeid}/createrelay': { relayaddrs: [] },
    'PUT /api/v1/host/{hostid}/routing_status': {
      at: '2026-11-26T14:00:00.000Z',
      firewall: { tool: 'nftables' },
      ranges: [
        { range: '192.168.40.0/24', router: '10.77.0.2', via: 'gw', routers: 1, reason: 'only router' },
      ],
      shadowed: [],
      internet: null,
      roles: [],
    },
    'POST /api/nodes/{network}/{nodeid}/creategateway': {
      ranges: ['192.168.50.0/24'],
      natenabled: 'yes',
      ranges_with_metric: [{ network: '192.168.60.0/24', route_metric: 100, nat: false }],
    },
    'POST /api/v1/acls': fuzzPolicy,
    'POST /api/dns/{network}': { name: 'fuzz-entry.fuzz-net', address: '10.77.0.50' },
    'POST /api/v1/import': {
      meshdeck_export: 1,
      networks: [{ netid: 'fuzz-import', addressrange: '10.78.0.0/24' }],
      dns: [{ network: 'fuzz-import', name: 'fuzz-imported.fuzz-import', address: '10.78.0.9' }],
    },
    'PUT /api/v1/acls': { ...fuzzPolicy, id: 'fuzz-net.all-nodes', name: 'All Nodes', enabled: false },
    'PUT /api/networks/{networkname}/acls/cells': { fill: 2, cells: [] },
    'POST /api/networks/{networkname}/acls/cells/preview': { fill: 1, cells: [] },
    'POST /api/v1/acls/preview': {
      network_id: 'fuzz-net',
      create: [fuzzPolicy],
      delete: ['fuzz-net.all-nodes'],
    },
    'POST /api/v1/acls/assertions': {
      network_id: 'fuzz-net',
      name: 'fuzz check',
      from: { id: 'tag', value: '*' },
      to: { id: 'tag', value: '*' },
      expect: 'reach',
    },
    // Loopback's discard port: a rule the fuzzer makes never sends anything off this machine.
    'POST /api/v1/alerts/{network}/rules': {
      name: 'fuzz rule',
      kind: 'node_offline',
      webhook_url: 'http://127.0.0.1:9/hook',
    },
    'PUT /api/v1/alerts/{network}/rules/{ruleid}': {
      name: 'fuzz rule',
      kind: 'latency_high',
      latency_ms: 300,
      webhook_url: 'http://127.0.0.1:9/hook',
    },
    'PUT /api/nodes/{network}/{nodeid}': {
      metadata: 'fuzz',
      connected: true,
      additional_rag_ips: ['10.9.9.9'],
    },
  };
  const doc = (
    await server.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/docs/json')
  ).body;
  // Agent routes first (they need the seeded key and host) and deletions last, so a successful fuzzed delete
  // does not leave the routes after it with nothing to reach.
  const order = (route: Route) =>
    route.path.startsWith('/api/v1/host') || route.path.startsWith('/api/hosts/adm')
      ? 0
      : route.method === 'DELETE'
        ? 2
        : 1;
  routes = Object.entries(doc.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    )
    .sort((a, b) => order(a) - order(b));
}, 60_000);

afterAll(async () => {
  console.log(
    `fuzz (seed ${seed}): ${stats.requests} requests over ${stats.routes} routes, ${stats.rejected} rejected (4xx), ${stats.serverErrors} answered 5xx`,
  );
  await server?.close();
});

/** Requests for one route: its path parameters, query parameters and body, each possibly malformed. */
function requestsFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const params = route.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => fuzzParam(p.schema, known, goodParams[p.name]))),
      query: fc.array(
        fc.oneof(
          ...queryParams.map((p) =>
            fc.tuple(fc.constant(p.name), fuzzParam(p.schema, known, goodParams[p.name])),
          ),
          fc.tuple(fc.string({ maxLength: 6 }), fuzzParam({}, known)),
        ),
        { maxLength: 3 },
      ),
      body: hasBody
        ? fuzzBody(bodySchema, known, templates[`${route.method} ${route.path}`])
        : fc.constant(undefined),
    })
    .map(({ path, query, body }) => {
      let url = route.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(path[i] ?? ''))));
      const search = new URLSearchParams(query).toString();
      return { url: search ? `${url}?${search}` : url, body };
    });
}

async function send(route: Route, request: FuzzRequest, bearer: string | undefined): Promise<number> {
  const headers: Record<string, string> = {};
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (request.body?.contentType) headers['content-type'] = request.body.contentType;
  const response = await fetch(`${server.url}${request.url}`, {
    method: route.method,
    headers,
    body: request.body?.text,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends requests and checks each answer: no 5xx, and a rejected one (4xx) left every table as it was. Collects
 * failures instead of stopping at the first, so one run reports every defect.
 */
function checker(route: Route, bearer: string | undefined, failures: string[]) {
  const db = server.app.meshdeck.database.db;
  let before: Map<string, string> | undefined;
  return async (request: FuzzRequest) => {
    before ??= await snapshotDatabase(db);
    const status = await send(route, request, bearer);
    stats.requests++;
    const where = `${route.method} ${request.url.slice(0, 200)} body=${(request.body?.text ?? '').slice(0, 200)}`;
    if (status >= 500) {
      stats.serverErrors++;
      failures.push(`${status} for ${where}`);
    }
    const after = await snapshotDatabase(db);
    if (status >= 400) {
      stats.rejected++;
      const changed = changedTables(before, after);
      if (changed.length > 0)
        failures.push(`rejected with ${status} but wrote ${changed.join(', ')}: ${where}`);
    }
    before = after;
  };
}

/** Random requests for one route (fast-check, bounded runs). */
async function fuzzRoute(
  route: Route,
  bearer: string | undefined,
  numRuns: number,
  failures: string[],
): Promise<void> {
  const check = checker(route, bearer, failures);
  await fc.assert(fc.asyncProperty(requestsFor(route), check), { numRuns, seed });
}

/** Every field of the route's valid template replaced by each attack value in turn, with good path parameters. */
async function attackFields(route: Route, failures: string[]): Promise<void> {
  const template = templates[`${route.method} ${route.path}`];
  if (!template) return;
  const check = checker(route, token, failures);
  let url = route.path;
  for (const p of (route.operation.parameters ?? []).filter((q) => q.in === 'path'))
    url = url.replace(`{${p.name}}`, encodeURIComponent(goodParams[p.name]?.[0] ?? ''));
  const schema = route.operation.requestBody?.content?.['application/json']?.schema;
  const fields = new Set([...Object.keys(template), ...Object.keys(schema?.properties ?? {})]);
  for (const field of fields) {
    for (const value of FIELD_ATTACKS) {
      await check({
        url,
        body: { contentType: 'application/json', text: JSON.stringify({ ...template, [field]: value }) },
      });
    }
  }
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('-> with malformed bodies, queries and path parameters, never answers 5xx and a rejected request writes nothing', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      stats.routes++;
      if (!SKIPPED_AS_ADMIN.has(`${route.method} ${route.path}`)) {
        await attackFields(route, failures);
        await fuzzRoute(route, token, RUNS_AS_ADMIN, failures);
      }
      await fuzzRoute(route, undefined, RUNS_UNAUTHENTICATED, failures);
    }
    if (failures.length > 0) console.log(`fuzz failures:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    // A limit on waiting: every route fuzzed took 600 s in the PostgreSQL pass of a fresh-clone check at load 20-30.
  }, 1_200_000);
});
