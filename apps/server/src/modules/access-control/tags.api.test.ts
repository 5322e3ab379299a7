import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [['web-1'], ['web-2'], ['db-1']]);
});
afterAll(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token: net.token, body });
const createTag = (name: string, members: string[]) =>
  call('POST', `/api/v1/tags?network=${net.netid}`, {
    tag_name: name,
    network: net.netid,
    tagged_nodes: members.map((id) => ({ id, name: 'whole node objects are fine' })),
  });
const listTags = async () => (await call('GET', `/api/v1/tags?network=${net.netid}`)).body.Response as any[];
const tagsOf = async (name: string) =>
  Object.keys((await nodesById(server, net.token, net.netid))[node(name)].tags);
const policy = (src: string, dst: string) => ({
  name: `${src} to ${dst}`,
  network_id: net.netid,
  policy_type: 'device-policy',
  src_type: [{ id: 'tag', value: src }],
  dst_type: [{ id: 'tag', value: dst }],
  allowed_traffic_direction: 1,
  enabled: true,
});

describe('POST /api/v1/tags', () => {
  it('-> when valid, creates <network>.<name> and tags the listed nodes', async () => {
    const response = await createTag('web servers', [node('web-1'), node('web-2')]);
    expect(response.status).toBe(200);
    expect(response.body.Response).toMatchObject({
      id: 'office.web servers',
      tag_name: 'web servers',
      network: 'office',
      used_by_count: 0,
    });
    expect(response.body.Response.tagged_nodes.map((n: any) => n.id).sort()).toEqual(
      [node('web-1'), node('web-2')].sort(),
    );
    expect(await tagsOf('web-1')).toContain('office.web servers');
    expect(await tagsOf('db-1')).not.toContain('office.web servers');
  });

  it("-> when a node is tagged, the console's node list row carries the tag id (the nodes page shows it)", async () => {
    await createTag('listed', [node('db-1')]);
    const rows = (await call('GET', `/api/console/nodes/${net.netid}`)).body.items as {
      id: string;
      tags: string[];
    }[];
    expect(rows.find((row) => row.id === node('db-1'))?.tags).toContain('office.listed');
    expect(rows.find((row) => row.id === node('web-1'))?.tags).not.toContain('office.listed');
  });

  it.each([
    ['a name shorter than 3', { tag_name: 'ab' }, /tag_name must be at least 3 characters/],
    ['a name with a dot', { tag_name: 'a.b.c' }, /tag_name may hold only letters, digits, dashes and spaces/],
    ['no network', { network: '' }, /network is required/],
    ['an unknown member', { tagged_nodes: [{ id: 'nope' }] }, /tagged_nodes: unknown node or client nope/],
    ['the reserved gateways name', { tag_name: 'gateways' }, /already exists/],
  ])(
    '-> when the body has %s, returns 400 naming the field and creates nothing',
    async (_, patch, message) => {
      const before = await listTags();
      const response = await call('POST', '/api/v1/tags', {
        tag_name: 'fine-name',
        network: net.netid,
        ...patch,
      });
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(message);
      expect(await listTags()).toHaveLength(before.length);
    },
  );

  it('-> when the tag exists, returns 400', async () => {
    await createTag('dupe-tag', []);
    const response = await createTag('dupe-tag', []);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/tag_name: tag dupe-tag already exists/);
  });

  it('-> when the network in the query differs from the body, returns 400 and creates nothing', async () => {
    const response = await server.request<any>('POST', '/api/v1/tags?network=other', {
      token: net.token,
      body: { tag_name: 'sneaky', network: net.netid },
    });
    expect(response.status).toBe(400);
    expect((await listTags()).some((t) => t.tag_name === 'sneaky')).toBe(false);
  });
});

describe('PUT /api/v1/tags', () => {
  it('-> when tagged_nodes changes, the membership becomes exactly the list', async () => {
    await createTag('members', [node('web-1')]);
    const response = await call('PUT', '/api/v1/tags', {
      id: 'office.members',
      tagged_nodes: [{ id: node('db-1') }],
    });
    expect(response.status).toBe(200);
    expect(await tagsOf('web-1')).not.toContain('office.members');
    expect(await tagsOf('db-1')).toContain('office.members');
  });

  it("-> when renamed (new_name, or the dashboard's newName), nodes, policies and keys follow the new id", async () => {
    await createTag('old name', [node('web-2')]);
    await createTag('peer tag', [node('db-1')]);
    const created = await call('POST', '/api/v1/acls', policy('office.old name', 'office.peer tag'));
    expect(created.status).toBe(200);
    const key = await createKey(server, net.token, {
      tags: ['tagging-key'],
      networks: [net.netid],
      unlimited: true,
      groups: ['office.old name'],
    });
    const renamed = await call('PUT', '/api/v1/tags', { id: 'office.old name', newName: 'new name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Response).toMatchObject({
      id: 'office.new name',
      tag_name: 'new name',
      used_by_count: 1,
    });
    expect(await tagsOf('web-2')).toEqual(expect.arrayContaining(['office.new name']));
    expect(await tagsOf('web-2')).not.toContain('office.old name');
    const acls = (await call('GET', `/api/v1/acls?network=${net.netid}`)).body.Response as any[];
    const moved = acls.find((a) => a.id === created.body.Response.id);
    expect(moved.src_type).toEqual([{ id: 'tag', value: 'office.new name', name: 'new name' }]);
    const keys = (await call('GET', '/api/v1/enrollment-keys')).body as any[];
    expect(keys.find((k) => k.value === key.value).groups).toEqual(['office.new name']);
    // A host enrolled with the key carries the tag under its new id.
    const host = hostBody('tagged-by-key');
    const registered = await registerHost(server, key.token, host);
    expect(Object.keys(registered.nodes[0].tags)).toEqual(['office.new name']);
  });

  it('-> when the new name is taken or the tag is unknown, returns 400 and changes nothing', async () => {
    await createTag('taken-a', [node('web-1')]);
    await createTag('taken-b', []);
    const clash = await call('PUT', '/api/v1/tags', { id: 'office.taken-a', new_name: 'taken-b' });
    expect(clash.status).toBe(400);
    expect(clash.body.Message).toMatch(/new_name: tag taken-b already exists/);
    expect(await tagsOf('web-1')).toContain('office.taken-a');
    const unknown = await call('PUT', '/api/v1/tags', { id: 'office.nothing-here', tagged_nodes: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toMatch(/tag office.nothing-here not found/);
  });
});

describe('DELETE /api/v1/tags', () => {
  it('-> when a policy uses the tag, returns 400 naming it and keeps the tag and its members', async () => {
    await createTag('in use', [node('web-1')]);
    await call('POST', '/api/v1/acls', policy('office.in use', '*'));
    const response = await call(
      'DELETE',
      `/api/v1/tags?tag_id=${encodeURIComponent('office.in use')}&network=office`,
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/tag is currently in use by an active policy: office.in use to \*/);
    expect((await listTags()).some((t) => t.id === 'office.in use')).toBe(true);
    expect(await tagsOf('web-1')).toContain('office.in use');
  });

  it('-> when unused, deletes the tag and takes it off its members', async () => {
    await createTag('unused', [node('web-1')]);
    const response = await call('DELETE', '/api/v1/tags?tag_id=office.unused');
    expect(response.status).toBe(200);
    expect((await listTags()).some((t) => t.id === 'office.unused')).toBe(false);
    expect(await tagsOf('web-1')).not.toContain('office.unused');
  });
});

describe('POST /api/v1/tags/preview', () => {
  it('-> answers which pairs a membership change opens under the policies naming the tag, and saves nothing', async () => {
    const own = await routingNetwork(server, [['p-one'], ['p-two']], {
      netid: 'preview',
      token: net.token,
      range: '10.21.0.0/24',
      range6: 'fd21::/64',
    });
    const [one, two] = [own.hosts['p-one']!.node, own.hosts['p-two']!.node];
    const post = (path: string, body: unknown) => call('POST', path, body);
    await post('/api/v1/tags', { tag_name: 'src', network: 'preview', tagged_nodes: [{ id: one }] });
    await post('/api/v1/tags', { tag_name: 'dst', network: 'preview', tagged_nodes: [] });
    // The default policy off, so the tags' policy decides.
    const acls = (await call('GET', '/api/v1/acls?network=preview')).body.Response as any[];
    const allNodes = acls.find((a) => a.id === 'preview.all-nodes');
    expect((await call('PUT', '/api/v1/acls', { ...allNodes, enabled: false })).status).toBe(200);
    const created = await post('/api/v1/acls', {
      ...policy('preview.src', 'preview.dst'),
      network_id: 'preview',
    });
    expect(created.status).toBe(200);
    const response = await post('/api/v1/tags/preview', { id: 'preview.dst', tagged_nodes: [{ id: two }] });
    expect(response.status).toBe(200);
    expect(response.body.Response.pairs).toEqual({ gained: 1, lost: 0 });
    expect(response.body.Response.changes).toContainEqual(
      expect.objectContaining({ from: one, to: two, before: [], after: ['all'] }),
    );
    const nodes = await nodesById(server, net.token, 'preview');
    expect(Object.keys(nodes[two].tags)).not.toContain('preview.dst');
    expect((await post('/api/v1/tags/preview', { id: 'preview.unknown-tag' })).status).toBe(400);
  });
});

describe('Tag colour (color_code)', () => {
  it.each([
    ['a colour name', 'red'],
    ['free text', 'not a colour at all'],
    ['a line break', '#aabbcc\n'],
    ['three digits', '#abc'],
    ['markup', '<b>#aabbcc</b>'],
  ])(
    'POST /api/v1/tags -> when color_code is %s, returns 400 naming color_code and creates nothing',
    async (_, color) => {
      const response = await call('POST', '/api/v1/tags', {
        tag_name: 'coloured',
        network: net.netid,
        color_code: color,
      });
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(/color_code must be a colour as #rrggbb/);
      expect((await listTags()).some((t) => t.tag_name === 'coloured')).toBe(false);
    },
  );

  it('POST and PUT /api/v1/tags -> when color_code is #rrggbb (or empty), stores it; PUT with free text returns 400', async () => {
    const created = await call('POST', '/api/v1/tags', {
      tag_name: 'painted',
      network: net.netid,
      color_code: '#A1B2C3',
    });
    expect(created.status).toBe(200);
    expect(created.body.Response.color_code).toBe('#a1b2c3');
    const bad = await call('PUT', '/api/v1/tags', { id: `${net.netid}.painted`, color_code: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/color_code/);
    const cleared = await call('PUT', '/api/v1/tags', { id: `${net.netid}.painted`, color_code: '' });
    expect(cleared.status).toBe(200);
    expect((await listTags()).find((t) => t.tag_name === 'painted')?.color_code).toBe('');
  });
});
