import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  // A network whose default access is DENY: only policies open it.
  net = await routingNetwork(server, [['web-1'], ['web-2'], ['db-1'], ['ops-1']], { netid: 'locked' });
  await server.request('PUT', '/api/networks/locked', {
    token: net.token,
    body: { netid: 'locked', defaultacl: 'no' },
  });
  for (const [name, members] of [
    ['web', ['web-1', 'web-2']],
    ['database', ['db-1']],
  ] as const)
    await call('POST', '/api/v1/tags', {
      tag_name: name,
      network: 'locked',
      tagged_nodes: members.map((m) => ({ id: node(m) })),
    });
});
afterAll(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token: net.token, body });
const listAcls = async () => (await call('GET', '/api/v1/acls?network=locked')).body.Response as any[];
const policy = (overrides: Record<string, unknown> = {}) => ({
  name: 'web to db',
  network_id: 'locked',
  policy_type: 'device-policy',
  src_type: [{ id: 'tag', value: 'locked.web' }],
  dst_type: [{ id: 'tag', value: 'locked.database' }],
  allowed_traffic_direction: 1,
  enabled: true,
  ...overrides,
});
const debug = async (a: string, b: string) =>
  (await call('GET', `/api/v1/acls/debug?node=${node(a)}&peer=${node(b)}`)).body.Response;

describe('GET /api/v1/acls', () => {
  it('-> lists the default policies, All Nodes off on a DENY network, and they cannot be deleted or renamed', async () => {
    const acls = await listAcls();
    expect(acls.filter((a) => a.default).map((a) => [a.id, a.enabled])).toEqual([
      ['locked.all-nodes', false],
      ['locked.all-gateways', true],
      ['locked.all-users', true],
      ['locked.network-admin-grp', true],
      ['locked.network-user-grp', true],
    ]);
    const deleted = await call('DELETE', '/api/v1/acls?acl_id=locked.all-nodes&network=locked');
    expect(deleted.status).toBe(400);
    expect(deleted.body.Message).toMatch(/cannot delete default policy/);
    const allNodes = acls.find((a) => a.id === 'locked.all-nodes');
    const renamed = await call('PUT', '/api/v1/acls', { ...allNodes, new_name: 'Everything' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.Message).toMatch(/default policies cannot be renamed/);
  });

  it('-> when the network is missing or unknown, returns 400', async () => {
    expect((await call('GET', '/api/v1/acls')).status).toBe(400);
    const unknown = await call('GET', '/api/v1/acls?network=nowhere');
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toMatch(/network nowhere not found/);
  });
});

describe('POST /api/v1/acls', () => {
  it('-> when a port-limited policy is created, web reaches db on that port only and debug says why', async () => {
    expect((await debug('web-1', 'db-1')).IsNodeAllowed).toBe(false);
    const created = await call(
      'POST',
      '/api/v1/acls?network=locked',
      policy({ name: 'web to db https', type: 'HTTPS' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.Response).toMatchObject({
      default: false,
      protocol: 'tcp',
      type: 'HTTPS',
      ports: ['443'],
      src_type: [{ id: 'tag', value: 'locked.web', name: 'web' }],
    });
    const why = await debug('web-1', 'db-1');
    expect(why).toMatchObject({ IsNodeAllowed: true, IsPeerAllowed: true, NodeAllPolicy: false });
    expect(why.flows.node_to_peer).toEqual(['tcp/443']);
    expect(why.Policies.map((p: any) => p.name)).toEqual(['web to db https']);
    expect((await debug('web-1', 'ops-1')).IsNodeAllowed).toBe(false);
  });

  it.each([
    [
      'an unknown tag',
      { src_type: [{ id: 'tag', value: 'locked.nope' }] },
      /src_type: unknown tag locked.nope/,
    ],
    [
      'an unknown node',
      { dst_type: [{ id: 'device', value: 'no-such-node' }] },
      /dst_type: unknown node or client/,
    ],
    [
      'a user as a device source',
      { src_type: [{ id: 'user', value: 'bob' }] },
      /src_type: a device-policy cannot use user/,
    ],
    ['an ip source', { src_type: [{ id: 'ip', value: '10.0.0.1' }] }, /src_type.id must be one of/],
    ['a bad port', { type: 'Custom', protocol: 'tcp', ports: ['70000'] }, /ports must be ports or ranges/],
    ['a bad egress range', { dst_type: [{ id: 'egress-range', value: '10.0.0.300/24' }] }, /not a CIDR/],
    ['no sources', { src_type: [] }, /src_type must name at least one source/],
    ['a Custom service without protocol', { type: 'Custom' }, /a Custom service needs protocol tcp or udp/],
    ['another network', { network_id: 'elsewhere' }, /network mismatch|belongs to network/],
  ])(
    '-> when the policy has %s, returns 400 naming the field and saves nothing',
    async (_, patch, message) => {
      const before = await listAcls();
      const response = await call('POST', '/api/v1/acls?network=locked', policy(patch));
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(message);
      expect(await listAcls()).toHaveLength(before.length);
    },
  );
});

describe('POST /api/v1/acls/preview and checks', () => {
  it('-> answers which pairs gain access if saved, and saves nothing', async () => {
    const before = await listAcls();
    const response = await call('POST', '/api/v1/acls/preview', {
      network_id: 'locked',
      create: [
        policy({
          name: 'ops to web',
          src_type: [{ id: 'device', value: node('ops-1') }],
          dst_type: [{ id: 'tag', value: 'locked.web' }],
        }),
      ],
    });
    expect(response.status).toBe(200);
    const impact = response.body.Response;
    expect(impact.pairs).toEqual({ gained: 2, lost: 0 });
    expect(impact.flows).toEqual({ opened: 4, closed: 0, changed: 0 });
    expect(impact.changes).toContainEqual(
      expect.objectContaining({
        from: node('ops-1'),
        from_name: 'ops-1',
        to: node('web-1'),
        before: [],
        after: ['all'],
      }),
    );
    expect(await listAcls()).toHaveLength(before.length);
  });

  it('-> when a save would break a must-not-reach check, returns 400 naming the pairs and saves nothing', async () => {
    const check = await call('POST', '/api/v1/acls/assertions', {
      network_id: 'locked',
      name: 'ops never reaches db',
      from: { id: 'device', value: node('ops-1') },
      to: { id: 'tag', value: 'locked.database' },
      expect: 'no-reach',
    });
    expect(check.status).toBe(200);
    const before = await listAcls();
    const response = await call(
      'POST',
      '/api/v1/acls',
      policy({
        name: 'open all',
        src_type: [{ id: 'tag', value: '*' }],
        dst_type: [{ id: 'tag', value: '*' }],
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(
      /breaks access checks: 'ops never reaches db' \(no-reach\): (ops-1 -> db-1|db-1 -> ops-1)/,
    );
    expect(await listAcls()).toHaveLength(before.length);
    const preview = await call('POST', '/api/v1/acls/preview', {
      network_id: 'locked',
      create: [policy({ src_type: [{ id: 'tag', value: '*' }], dst_type: [{ id: 'tag', value: '*' }] })],
    });
    expect(preview.body.Response.broken_assertions).toEqual([
      expect.objectContaining({ name: 'ops never reaches db', count: 1 }),
    ]);
    // A check that fails now is refused too.
    const failing = await call('POST', '/api/v1/acls/assertions', {
      network_id: 'locked',
      name: 'ops reaches web',
      from: { id: 'device', value: node('ops-1') },
      to: { id: 'tag', value: 'locked.web' },
      expect: 'reach',
    });
    expect(failing.status).toBe(400);
    expect(failing.body.Message).toMatch(/'ops reaches web' \(reach\)/);
  });
});

describe('PUT and DELETE /api/v1/acls', () => {
  it('-> when a policy is disabled, its pairs lose access; deleting it leaves the defaults', async () => {
    const refused = (
      await call(
        'POST',
        '/api/v1/acls',
        policy({
          name: 'db to ops',
          src_type: [{ id: 'tag', value: 'locked.database' }],
          dst_type: [{ id: 'device', value: node('ops-1') }],
          allowed_traffic_direction: 1,
        }),
      )
    ).status;
    // The check above forbids ops <-> db: this save breaks it.
    expect(refused).toBe(400);
    const web = (
      await call(
        'POST',
        '/api/v1/acls',
        policy({
          name: 'web both',
          src_type: [{ id: 'tag', value: 'locked.web' }],
          dst_type: [{ id: 'tag', value: 'locked.web' }],
        }),
      )
    ).body.Response;
    expect((await debug('web-1', 'web-2')).IsNodeAllowed).toBe(true);
    const off = await call('PUT', '/api/v1/acls?network=locked', { ...web, enabled: false });
    expect(off.status).toBe(200);
    expect((await debug('web-1', 'web-2')).IsNodeAllowed).toBe(false);
    expect((await call('DELETE', `/api/v1/acls?acl_id=${web.id}&network=locked`)).status).toBe(200);
    expect((await listAcls()).some((a) => a.id === web.id)).toBe(false);
  });
});

describe('community edition', () => {
  it('-> refuses one-way policies, user policies and tags other than * and gateways', async () => {
    const ce = await startTestServer();
    try {
      const ceNet = await routingNetwork(ce, [['a-host'], ['b-host']], { netid: 'ce-net' });
      const post = (body: Record<string, unknown>) =>
        ce.request<any>('POST', '/api/v1/acls', {
          token: ceNet.token,
          body: {
            ...policy({
              network_id: 'ce-net',
              src_type: [{ id: 'tag', value: '*' }],
              dst_type: [{ id: 'tag', value: '*' }],
            }),
            ...body,
          },
        });
      const oneWay = await post({ allowed_traffic_direction: 0 });
      expect(oneWay.status).toBe(400);
      expect(oneWay.body.Message).toMatch(/uni traffic flow not allowed on CE/);
      const user = await post({ policy_type: 'user-policy', src_type: [{ id: 'user', value: '*' }] });
      expect(user.status).toBe(400);
      expect(user.body.Message).toMatch(/only device policies are allowed on CE/);
      const both = await post({ src_type: [{ id: 'device', value: ceNet.hosts['a-host']!.node }] });
      expect(both.status).toBe(200);
      // Tags are served on community too, as v0.30 serves them (issue 39).
      expect((await ce.request('GET', '/api/v1/tags?network=ce-net', { token: ceNet.token })).status).toBe(
        200,
      );
    } finally {
      await ce.close();
    }
  });
});

describe('GET /api/v1/acls/policy_types and debug', () => {
  it("-> lists the service presets with the contract's capitalised ProtocolTypes", async () => {
    const response = await call('GET', '/api/v1/acls/policy_types');
    expect(response.status).toBe(200);
    expect(response.body.Response.policy_types).toEqual(['device-policy', 'user-policy']);
    expect(response.body.Response.ProtocolTypes).toContainEqual(
      expect.objectContaining({ name: 'HTTPS', allowed_protocols: ['tcp'], port_range: '443' }),
    );
  });

  it('-> debug of an unknown node is 404; a renamed policy keeps its id', async () => {
    expect((await call('GET', `/api/v1/acls/debug?node=nope&peer=${node('web-1')}`)).status).toBe(404);
    const created = (
      await call(
        'POST',
        '/api/v1/acls',
        policy({
          name: 'to rename',
          src_type: [{ id: 'tag', value: 'locked.web' }],
          dst_type: [{ id: 'tag', value: 'locked.web' }],
        }),
      )
    ).body.Response;
    const renamed = await call('PUT', '/api/v1/acls', { ...created, new_name: 'renamed policy' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Response).toMatchObject({ id: created.id, name: 'renamed policy' });
  });
});

describe('network admins', () => {
  it("-> may manage their network's policies through ?network=, never another network's", async () => {
    const other = await routingNetwork(server, [['x-host']], {
      netid: 'other',
      token: net.token,
      range: '10.23.0.0/24',
      range6: 'fd23::/64',
    });
    const admin = await createUserWithRole(server, 'locked-admin', 'platform-user', [
      'locked-network-admin-grp',
    ]);
    const as = (method: string, path: string, body?: unknown) =>
      server.request<any>(method, path, { token: admin, body });
    const own = await as('POST', '/api/v1/acls?network=locked', policy({ name: 'by the network admin' }));
    expect(own.status).toBe(200);
    const foreign = await as('POST', '/api/v1/acls?network=locked', policy({ network_id: 'other' }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toMatch(/network mismatch/);
    expect((await as('POST', '/api/v1/acls?network=other', policy({ network_id: 'other' }))).status).toBe(
      403,
    );
    const peek = await as(
      'GET',
      `/api/v1/acls/debug?network=locked&node=${other.hosts['x-host']!.node}&peer=${node('web-1')}`,
    );
    // Issue 38: the node is found by id, and it is not in the network the request names (decision 046).
    expect(peek.status).toBe(404);
    expect(peek.body.Message).toMatch(/^node: .* not found in network locked/);
  });
});

describe('egress ranges as sources and destinations', () => {
  it("-> a device policy from an egress gateway's range opens that gateway toward the destinations only, on its port", async () => {
    const gateway = await call('POST', `/api/nodes/locked/${node('ops-1')}/creategateway`, {
      ranges: ['192.168.50.0/24'],
      natEnabled: 'no',
    });
    expect(gateway.status).toBe(200);
    const types = (await call('GET', '/api/v1/acls/policy_types')).body.Response;
    expect(types.src_grp_types).toContain('egress-range');
    expect(types.dst_grp_types).toContain('egress-range');
    const created = await call(
      'POST',
      '/api/v1/acls',
      policy({
        name: 'lab range to web',
        src_type: [{ id: 'egress-range', value: '192.168.50.0/24' }],
        dst_type: [{ id: 'tag', value: 'locked.web' }],
        allowed_traffic_direction: 0,
        type: 'HTTPS',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.Response.src_type).toEqual([
      expect.objectContaining({ id: 'egress-range', value: '192.168.50.0/24' }),
    ]);
    const why = await debug('ops-1', 'web-1');
    expect(why.flows.node_to_peer).toEqual(['tcp/443']);
    expect(why.flows.peer_to_node).toEqual([]);
    expect(why.Policies.map((p: any) => p.name)).toContain('lab range to web');
    // Only the gateway routing the range is its member: db-1's access to web is not this policy's.
    const other = await debug('db-1', 'web-1');
    expect(other.Policies.map((p: any) => p.name)).not.toContain('lab range to web');
    expect((await call('DELETE', `/api/v1/acls?acl_id=${created.body.Response.id}`)).status).toBe(200);
  });
});
