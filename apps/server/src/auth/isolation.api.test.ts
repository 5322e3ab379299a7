import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, registerFleet } from '../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { licenseKeyPair, licensePayload, proLicenseEnv, signLicense } from '../../test/license-factories.ts';
import { createClient } from '../../test/remote-access-factories.ts';

/**
 * Network isolation, every route by itself (issue 38, decision 046). The routes come from the server's own list
 * (`app.apiRoutes`), never from a hand-written table: a route registered tomorrow is probed without an edit here.
 * For each edition, one server holds networks A (`neta`) and B (`netb`), a host only in A, a host in both, and B's
 * gateway, client, DNS entry, key, tag, policy, check and failover node. Every route is called by every principal
 * with each path parameter filled with one of B's objects, with `?network=` naming B, naming A, and absent, and
 * writes carry a body naming B. A principal with no role in B fails the test when a 2xx answer carries any of B's
 * identifiers, or when its write answers 2xx on a B object, or when B's rows change.
 */

type Principal =
  'super' | 'admin' | 'auditor' | 'platformUser' | 'netAdminA' | 'netUserA' | 'service' | 'hostA';
/** Principals that may read B (platform admins, the auditor): their reads prove the probes reach B's data. */
const SEES_B: readonly Principal[] = ['super', 'admin', 'auditor'];
/** Principals whose writes are probed (platform admins may change B; their writes would spend the fixture). */
const WRITERS: readonly Principal[] = [
  'auditor',
  'platformUser',
  'netAdminA',
  'netUserA',
  'service',
  'hostA',
];

interface Fixture {
  tokens: Record<Principal, string>;
  /** Values for path parameters and query fields, each one of B's objects. */
  params: Record<string, string[]>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** Strings only B's data holds: its name, range, and the ids and names of B-only objects. */
  markers: string[];
}

/** Builds the two networks and B's objects as the super admin; returns the principals and B's identifiers. */
async function buildFixture(server: TestServer, isPro: boolean): Promise<Fixture> {
  const superToken = await createSuperAdminAndLogin(server);
  await createNetwork(server, superToken, 'neta', { addressrange: '10.81.0.0/24' });
  await createNetwork(server, superToken, 'netb', { addressrange: '10.82.0.0/24' });
  const [hostA] = await registerFleet(server, superToken, ['neta'], ['iso-host-a']);
  const [hostBoth] = await registerFleet(server, superToken, ['neta', 'netb'], ['iso-host-ab']);
  const [gatewayB, hostB2] = await registerFleet(server, superToken, ['netb'], ['iso-gw-b', 'iso-host-b']);
  const nodeIn = (host: typeof hostA, netid: string) => host!.nodes.find((n) => n.network === netid)!.id;
  const gwB = nodeIn(gatewayB, 'netb');
  const nodeB2 = nodeIn(hostB2, 'netb');
  const nodeBothB = nodeIn(hostBoth, 'netb');
  const as = (method: string, path: string, body?: unknown) =>
    server.request<any>(method, path, { token: superToken, body });
  const must = async (what: string, response: Promise<{ status: number; body: any }>) => {
    const answer = await response;
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  await must('createingress', as('POST', `/api/nodes/netb/${gwB}/createingress`, {}));
  await must('client', createClient(server, superToken, 'netb', gwB, { clientid: 'iso-bclient' }));
  await must('dns', as('POST', '/api/dns/netb', { name: 'iso-bdns.netb', address: '10.82.0.250' }));
  const key = await createKey(server, superToken, { tags: ['iso-bkey'], networks: ['netb'] });
  let tagB = 'netb.isobtag';
  if (isPro) {
    const tag = await must(
      'tag',
      as('POST', '/api/v1/tags', { network: 'netb', tag_name: 'isobtag', tagged_nodes: [{ id: nodeBothB }] }),
    );
    tagB = tag.Response.id;
  }
  const policy = await must(
    'policy',
    as('POST', '/api/v1/acls', {
      name: 'iso b policy',
      network_id: 'netb',
      policy_type: 'device-policy',
      src_type: [{ id: 'device', value: nodeB2 }],
      dst_type: [{ id: 'device', value: gwB }],
      allowed_traffic_direction: 1,
      enabled: true,
    }),
  );
  const check = await must(
    'check',
    as('POST', '/api/v1/acls/assertions', {
      network_id: 'netb',
      name: 'iso b check',
      from: { id: 'device', value: nodeB2 },
      to: { id: 'device', value: gwB },
      expect: 'reach',
    }),
  );
  if (isPro) await must('failover', as('POST', `/api/v1/node/${nodeB2}/failover`));
  // B's alert rule (Pro): a loopback discard port, so a probe's test send or a firing goes nowhere.
  const alertRule = isPro
    ? await must(
        'alert rule',
        as('POST', '/api/v1/alerts/netb/rules', {
          name: 'iso b alert',
          kind: 'node_offline',
          webhook_url: 'http://127.0.0.1:9/iso-b-hook',
        }),
      )
    : { id: 'no-alert-rule' };
  const tokens: Record<Principal, string> = {
    super: superToken,
    admin: await createUserWithRole(server, 'iso-admin', 'admin'),
    auditor: await createUserWithRole(server, 'iso-auditor', 'auditor'),
    platformUser: await createUserWithRole(server, 'iso-user', 'platform-user'),
    netAdminA: await createUserWithRole(server, 'iso-neta-admin', 'platform-user', [
      'neta-network-admin-grp',
    ]),
    netUserA: await createUserWithRole(server, 'iso-neta-user', 'platform-user', ['neta-network-user-grp']),
    service: await createUserWithRole(server, 'iso-service', 'service-user'),
    hostA: hostA!.hostToken,
  };
  // A user of B only, for routes that name a user.
  await createUserWithRole(server, 'iso-b-user', 'platform-user', ['netb-network-user-grp']);
  return {
    tokens,
    params: {
      network: ['netb'],
      networkname: ['netb'],
      // The node of the host in both networks (the failover case) and B's gateway.
      nodeid: [nodeBothB, gwB],
      hostid: [gatewayB!.id],
      clientid: ['iso-bclient'],
      domain: ['iso-bdns.netb'],
      keyID: [key.value],
      username: ['iso-b-user'],
      remote_access_gateway_id: [gwB],
      ingress_id: [gwB],
      access_point_id: [gwB],
      type: ['json', 'file'],
      kind: ['logo'],
      // A join token is a credential: whoever holds B's may join B. Probes never hold one.
      token: ['not-a-token'],
      ruleid: [alertRule.id],
    },
    query: {
      acl_id: policy.Response.id,
      tag_id: tagB,
      id: check.Response.id,
      node: nodeB2,
      peer: gwB,
      node_id: gwB,
      username: 'iso-b-user',
      remote_access_clientid: 'iso-bclient',
    },
    body: {
      name: 'isoprobe.netb',
      tag_name: 'isoprobe',
      tagged_nodes: [{ id: nodeB2 }],
      policy_type: 'device-policy',
      src_type: [{ id: 'device', value: nodeB2 }],
      dst_type: [{ id: 'device', value: gwB }],
      allowed_traffic_direction: 1,
      enabled: true,
      from: { id: 'device', value: gwB },
      to: { id: 'device', value: nodeB2 },
      expect: 'no-reach',
      address: '10.82.0.251',
      relayaddrs: [nodeB2],
      ranges: ['192.0.2.0/24'],
      inet_node_client_ids: [],
      fill: 1,
      cells: [],
      delete: [policy.Response.id],
      node_id: nodeB2,
      clientid: 'isoprobe',
      // Ids of B's objects by route: a policy's for /acls, a tag's for /tags (filled per route below).
      policyId: policy.Response.id,
      tagId: tagB,
    },
    markers: [
      'netb',
      '10.82.0.',
      gatewayB!.id,
      hostB2!.id,
      gwB,
      nodeB2,
      nodeBothB,
      'iso-bclient',
      'iso-bdns',
      tagB,
      policy.Response.id,
      check.Response.id,
      alertRule.id,
      'iso-b-hook',
    ],
  };
}

/** Every concrete URL a route pattern stands for: each combination of B's values for its path parameters. */
function pathsOf(pattern: string, params: Record<string, string[]>): string[] {
  let paths = [pattern];
  for (const [, name] of pattern.matchAll(/\{(\w+)\}/g)) {
    const values = params[name!] ?? ['unknown'];
    paths = paths.flatMap((path) =>
      values.map((value) => path.replace(`{${name}}`, encodeURIComponent(value))),
    );
  }
  return paths;
}

/** The three `?network=` variants: naming B, naming A (the other network the caller may hold), and none. */
const NETWORK_VARIANTS = [{ network: 'netb' }, { network: 'neta' }, {}] as const;

function withQuery(path: string, fixture: Fixture, variant: (typeof NETWORK_VARIANTS)[number]): string {
  const query = new URLSearchParams(fixture.query);
  if ('network' in variant) {
    query.set('network', variant.network);
    query.set('network_id', variant.network);
  }
  return `${path}?${query.toString()}`;
}

/** The write body: fields naming B for every write route (schemas keep what they know, loose ones ignore the rest). */
function bodyOf(route: string, fixture: Fixture, variant: (typeof NETWORK_VARIANTS)[number]) {
  const { policyId, tagId, ...body } = fixture.body;
  const id = route.includes('/acls') ? policyId : tagId;
  // The body names B whatever the query says: a request that disagrees with itself must be refused.
  void variant;
  return { ...body, id, network: 'netb', network_id: 'netb' };
}

const tableNames: Record<string, string[]> = {};

/**
 * B's rows: every row of every table whose content names one of B's identifiers, by table. A write that changes,
 * adds or deletes such a row changes it.
 */
async function snapshotB(server: TestServer, markers: readonly string[]): Promise<Map<string, string[]>> {
  const db = server.app.meshdeck.database.db;
  // Listing tables is slow on PostgreSQL and the schema does not change while the server runs.
  const tables = (tableNames[server.url] ??= (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_')));
  const entries = await Promise.all(
    tables.map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      const lines = rows.rows
        .map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
        .filter((line) => markers.some((marker) => line.includes(marker)))
        .sort();
      return [table, lines] as const;
    }),
  );
  return new Map(entries);
}

/** The rows of B that differ between two snapshots, shortened, for the failure message. */
function changedRows(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set(before.get(table) ?? []);
    const is = new Set(after.get(table) ?? []);
    for (const row of is) if (!was.has(row)) out.push(`${table} now ${row.slice(0, 300)}`);
    for (const row of was) if (!is.has(row)) out.push(`${table} was ${row.slice(0, 300)}`);
  }
  return out;
}

interface Probe {
  status: number;
  text: string;
}

async function call(
  server: TestServer,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<Probe> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
  return { status: response.status, text };
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** The event stream never ends; events-access.api.test.ts checks who hears which network's events. */
const STREAMS = new Set(['GET /api/v1/events']);

describe.each(['community', 'pro'] as const)(
  '%s edition: every route x every principal against network B',
  (edition) => {
    let server: TestServer;
    let fixture: Fixture;

    beforeAll(async () => {
      const keys = licenseKeyPair();
      const env =
        edition === 'pro'
          ? proLicenseEnv(keys.publicKeyPem, signLicense(licensePayload(), keys.privateKey))
          : { EDITION: 'community' };
      server = await startTestServer(env);
      fixture = await buildFixture(server, edition === 'pro');
    }, 180_000);
    afterAll(async () => {
      await server?.close();
    });

    it('-> when any principal without a role in B calls any route on B, no 2xx reads or changes B', async () => {
      const routes = server.app.apiRoutes.filter((route) => !STREAMS.has(route));
      expect(routes.length).toBeGreaterThan(edition === 'pro' ? 120 : 80);
      const flags: string[] = [];
      let probes = 0;
      /** Reads of B's data by the principals who may read B: proof that the probes reach real objects. */
      let controlReads = 0;
      let stateBefore = await snapshotB(server, fixture.markers);
      let isStale = false;
      for (const route of routes) {
        const [method = 'GET', pattern = ''] = route.split(' ');
        const isRead = method === 'GET';
        for (const path of pathsOf(pattern, fixture.params)) {
          for (const variant of NETWORK_VARIANTS) {
            const url = withQuery(path, fixture, variant);
            const body = isRead ? undefined : bodyOf(route, fixture, variant);
            const principals = (Object.keys(fixture.tokens) as Principal[]).filter(
              (p) => isRead || WRITERS.includes(p),
            );
            // Reads in parallel; writes one at a time, so a change of B is the route's.
            const answers: [Principal, Probe][] = isRead
              ? await Promise.all(
                  principals.map(
                    async (p) => [p, await call(server, method, url, fixture.tokens[p])] as const,
                  ),
                ).then((list) => list.map(([p, a]) => [p, a] as [Principal, Probe]))
              : [];
            // A read may write (the remote-access client's config creates the caller's client): after the admins'
            // reads, B's rows are read again before the next write is judged.
            if (!isRead && isStale) stateBefore = await snapshotB(server, fixture.markers);
            if (!isRead) isStale = false;
            if (!isRead)
              for (const p of principals)
                answers.push([p, await call(server, method, url, fixture.tokens[p], body)]);
            probes += answers.length;
            for (const [principal, answer] of answers) {
              if (!is2xx(answer.status)) continue;
              const seen = fixture.markers.filter((marker) => answer.text.includes(marker));
              if (SEES_B.includes(principal)) {
                isStale = true;
                if (isRead && seen.length > 0) controlReads++;
                if (!isRead && principal === 'auditor')
                  flags.push(`${method} ${url} as ${principal}: ${answer.status} (a write)`);
                continue;
              }
              if (seen.length > 0)
                flags.push(
                  `${method} ${url} as ${principal}: ${answer.status} shows ${seen.slice(0, 3).join(', ')}`,
                );
              else if (!isRead && path !== pattern)
                flags.push(`${method} ${url} as ${principal}: ${answer.status} on B's object`);
            }
            if (!isRead) {
              const stateAfter = await snapshotB(server, fixture.markers);
              const rows = changedRows(stateBefore, stateAfter);
              if (rows.length > 0) flags.push(`${method} ${url}: B changed: ${rows.join(' | ')}`);
              stateBefore = stateAfter;
            }
          }
        }
      }

      console.info(
        `isolation (${edition}): ${routes.length} routes, ${probes} probes, ${controlReads} control reads of B, ${flags.length} flags`,
      );
      expect(flags).toEqual([]);
      // The probes reached B's data: the admins and the auditor read B through many routes.
      expect(controlReads).toBeGreaterThan(30);
    }, 600_000);

    it("-> the principals are real: A's admin and user read A, the host reads its own pull", async () => {
      const { tokens } = fixture;
      const asA = await server.request<any[]>('GET', '/api/nodes/neta', { token: tokens.netAdminA });
      expect(asA.status).toBe(200);
      expect(asA.body.filter((node) => !node.is_static)).toHaveLength(2);
      expect((await server.request('GET', '/api/dns/adm/neta', { token: tokens.netUserA })).status).toBe(200);
      expect((await server.request('GET', '/api/v1/host', { token: tokens.hostA })).status).toBe(200);
      // B is still whole after every probe: its nodes, client and entry are there.
      const b = await server.request<any[]>('GET', '/api/nodes/netb', { token: tokens.super });
      const ids = b.body.map((node) => node.id as string);
      expect(fixture.params.nodeid!.every((id) => ids.includes(id))).toBe(true);
      const client = await server.request('GET', '/api/extclients/netb/iso-bclient', { token: tokens.super });
      expect(client.status).toBe(200);
    });
  },
);
