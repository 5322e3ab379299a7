import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

// Issue 39: v0.30 serves /api/v1/tags on community too (enrollment keys and node tags use them); only the
// console's Tag Manager page is Pro.
let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeAll(async () => {
  server = await startTestServer();
  net = await routingNetwork(server, [['web-1'], ['db-1']]);
});
afterAll(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token: net.token, body });
const tagsOf = async (nodeId: string) =>
  Object.keys((await nodesById(server, net.token, net.netid))[nodeId].tags ?? {});

describe('/api/v1/tags on the community edition', () => {
  it('-> when a tag is created, listed, changed and deleted, each answers 200 and the nodes follow', async () => {
    expect((await call('GET', '/api/server/status')).body.is_pro).toBe(false);
    const created = await call('POST', `/api/v1/tags?network=${net.netid}`, {
      tag_name: 'web',
      network: net.netid,
      tagged_nodes: [{ id: node('web-1') }],
    });
    expect(created.status).toBe(200);
    expect(created.body.Response).toMatchObject({ id: 'office.web', network: 'office' });
    const listed = await call('GET', `/api/v1/tags?network=${net.netid}`);
    expect(listed.status).toBe(200);
    const web = (listed.body.Response as any[]).find((tag) => tag.id === 'office.web');
    expect(web.tagged_nodes.map((n: { id: string }) => n.id)).toEqual([node('web-1')]);
    expect(await tagsOf(node('web-1'))).toContain('office.web');

    const changed = await call('PUT', `/api/v1/tags?network=${net.netid}`, {
      id: 'office.web',
      tag_name: 'web',
      network: net.netid,
      tagged_nodes: [{ id: node('db-1') }],
    });
    expect(changed.status).toBe(200);
    expect(await tagsOf(node('web-1'))).not.toContain('office.web');
    expect(await tagsOf(node('db-1'))).toContain('office.web');

    expect((await call('DELETE', `/api/v1/tags?tag_id=office.web&network=${net.netid}`)).status).toBe(200);
    expect(await tagsOf(node('db-1'))).not.toContain('office.web');
  });

  it('-> when an enrollment key names a tag, a host joining with it gets the tag', async () => {
    expect(
      (await call('POST', '/api/v1/tags', { tag_name: 'kiosks', network: net.netid, tagged_nodes: [] }))
        .status,
    ).toBe(200);
    const key = await createKey(server, net.token, {
      tags: ['kiosk-key'],
      networks: [net.netid],
      groups: ['office.kiosks'],
    });
    const registered = await registerHost(server, key.token, hostBody('kiosk-1'));
    const kiosk = (registered.nodes as { id: string; network: string }[]).find(
      (n) => n.network === net.netid,
    );
    expect(await tagsOf(kiosk!.id)).toContain('office.kiosks');
  });
});
