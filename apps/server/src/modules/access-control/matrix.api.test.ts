import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
let clientId: string;
beforeAll(async () => {
  server = await startTestServer();
  net = await routingNetwork(server, [['gw'], ['alpha'], ['beta']], { netid: 'matrix' });
  await call('POST', `/api/nodes/matrix/${node('gw')}/createingress`, {});
  const created = await call('POST', `/api/extclients/matrix/${node('gw')}`, { clientid: 'laptop-one' });
  expect(created.status).toBe(200);
  clientId = 'laptop-one';
});
afterAll(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token: net.token, body });
const storedRows = () =>
  server.app.meshdeck.database.db
    .selectFrom('acl_matrix')
    .selectAll()
    .where('network', '=', 'matrix')
    .execute();
const storedFill = async () =>
  (
    await server.app.meshdeck.database.db
      .selectFrom('networks')
      .select('acl_matrix_fill')
      .where('netid', '=', 'matrix')
      .executeTakeFirstOrThrow()
  ).acl_matrix_fill;
const debug = async (a: string, b: string) =>
  (await call('GET', `/api/v1/acls/debug?node=${a}&peer=${b}`)).body.Response;

describe('GET/PUT /api/networks/{network}/acls', () => {
  it('-> shows every pair at the network default (2 on an ALLOW network), clients included', async () => {
    const matrix = (await call('GET', '/api/networks/matrix/acls')).body;
    expect(Object.keys(matrix).sort()).toEqual([node('gw'), node('alpha'), node('beta'), clientId].sort());
    expect(matrix[node('alpha')][node('beta')]).toBe(2);
    expect(matrix[node('alpha')][clientId]).toBe(2);
    expect(matrix[node('alpha')][node('alpha')]).toBeUndefined();
  });

  it('-> when the dashboard sends the whole matrix with one cell denied, only that pair is stored and enforced', async () => {
    const matrix = (await call('GET', '/api/networks/matrix/acls')).body;
    matrix[node('alpha')][node('beta')] = 1;
    const saved = await call('PUT', '/api/networks/matrix/acls', matrix);
    expect(saved.status).toBe(200);
    expect(saved.body[node('alpha')][node('beta')]).toBe(1);
    // Either way round: a pair is one cell.
    expect(saved.body[node('beta')][node('alpha')]).toBe(1);
    expect(saved.body[node('alpha')][node('gw')]).toBe(2);
    expect((await debug(node('alpha'), node('beta'))).flows).toEqual({
      node_to_peer: [],
      peer_to_node: [],
      matrix: 1,
    });
    expect((await debug(node('alpha'), node('gw'))).IsNodeAllowed).toBe(true);
    // Stored sparsely: one row however large the network.
    const rows = await server.app.meshdeck.database.db
      .selectFrom('acl_matrix')
      .selectAll()
      .where('network', '=', 'matrix')
      .execute();
    expect(rows).toHaveLength(1);
    // Allowing it again drops the row.
    await call('PUT', '/api/networks/matrix/acls', { [node('beta')]: { [node('alpha')]: 2 } });
    expect((await debug(node('alpha'), node('beta'))).IsNodeAllowed).toBe(true);
    expect(
      await server.app.meshdeck.database.db
        .selectFrom('acl_matrix')
        .selectAll()
        .where('network', '=', 'matrix')
        .execute(),
    ).toHaveLength(0);
  });

  it.each([
    [
      'an unknown id',
      () => ({ 'no-such-node': { [node('alpha')]: 1 } }),
      /matrix id no-such-node is not a node/,
    ],
    [
      'a client on /acls',
      () => ({ [clientId]: { [node('alpha')]: 1 } }),
      /clients are set through \/acls\/v2/,
    ],
    [
      'a cell of 3',
      () => ({ [node('alpha')]: { [node('beta')]: 3 } }),
      /matrix cells must be 1 \(deny\) or 2 \(allow\)/,
    ],
  ])('-> when the body has %s, returns 400 and stores nothing', async (_, body, message) => {
    const response = await call('PUT', '/api/networks/matrix/acls', body());
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(
      await server.app.meshdeck.database.db
        .selectFrom('acl_matrix')
        .selectAll()
        .where('network', '=', 'matrix')
        .execute(),
    ).toHaveLength(0);
  });

  it('-> /acls/v2 denies a client and keeps its deniednodeacls; the preview names the pair first', async () => {
    const preview = await call('POST', '/api/networks/matrix/acls/preview', {
      [clientId]: { [node('alpha')]: 1 },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.Response.pairs).toEqual({ gained: 0, lost: 1 });
    expect(preview.body.Response.changes).toContainEqual(
      expect.objectContaining({ from: clientId, to: node('alpha'), before: ['all'], after: [] }),
    );
    const saved = await call('PUT', '/api/networks/matrix/acls/v2', { [clientId]: { [node('alpha')]: 1 } });
    expect(saved.status).toBe(200);
    const client = (await call('GET', `/api/extclients/matrix/${clientId}`)).body;
    expect(Object.keys(client.deniednodeacls ?? {})).toEqual([node('alpha')]);
    // Enforced: the gateway's entry carries the client's address to beta, not to alpha.
    await server.app.meshdeck.peerQueue.flush();
    const gatewayIps = async (name: string) => {
      const peers = (await server.request<any>('GET', '/api/v1/host', { token: net.hosts[name]!.hostToken }))
        .body.peers as any[];
      const key = JSON.stringify([...Buffer.from(net.hosts.gw!.publickey, 'base64')]);
      return peers.find((p) => JSON.stringify(p.PublicKey) === key).AllowedIPs.map((n: any) => n.IP);
    };
    expect(await gatewayIps('beta')).toContain(client.address);
    expect(await gatewayIps('alpha')).not.toContain(client.address);
    expect(await gatewayIps('alpha')).toContain(net.hosts.gw!.address);
  });

  it('-> GET /acls/cells answers the same matrix compactly: members, the default and only the stored cells', async () => {
    const cells = await call('GET', '/api/networks/matrix/acls/cells');
    expect(cells.status).toBe(200);
    expect(cells.body.members.sort()).toEqual([node('gw'), node('alpha'), node('beta'), clientId].sort());
    expect(cells.body.default_value).toBe(2);
    // The client denied alpha in the previous test: that one pair, whichever way round it is stored.
    expect(cells.body.cells).toHaveLength(1);
    const [cell] = cells.body.cells;
    expect([cell.a, cell.b].sort()).toEqual([clientId, node('alpha')].sort());
    expect(cell.value).toBe(1);
    // Every cell of the full form follows from it.
    const full = (await call('GET', '/api/networks/matrix/acls')).body;
    for (const a of cells.body.members)
      for (const b of cells.body.members) {
        if (a === b) continue;
        const isStored = [a, b].sort().join() === [cell.a, cell.b].sort().join();
        expect(full[a][b]).toBe(isStored ? cell.value : cells.body.default_value);
      }
  });

  it('-> GET /acls/cells of an unknown network returns 400 naming it', async () => {
    const response = await call('GET', '/api/networks/no-such-net/acls/cells');
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/no-such-net/);
  });

  it('-> PUT /acls/cells with fill 1 denies every pair but the cell it allows; the preview names the cuts first; fill 2 stores nothing', async () => {
    const body = { fill: 1, cells: [{ a: node('beta'), b: node('alpha'), value: 2 }] };
    const preview = await call('POST', '/api/networks/matrix/acls/cells/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.Response.changes).toContainEqual(
      expect.objectContaining({ from: node('alpha'), to: node('gw'), before: ['all'], after: [] }),
    );
    expect(
      preview.body.Response.changes.some(
        (c: any) => [c.from, c.to].sort().join() === [node('alpha'), node('beta')].sort().join(),
      ),
    ).toBe(false);
    expect((await call('GET', '/api/networks/matrix/acls/cells')).body.cells).toHaveLength(1);

    const saved = await call('PUT', '/api/networks/matrix/acls/cells', body);
    expect(saved.status).toBe(200);
    // The fill is the compact form's default; alpha-beta (at the network default) is the one pair that differs.
    expect(saved.body.default_value).toBe(1);
    expect(saved.body.cells).toHaveLength(1);
    expect([saved.body.cells[0].a, saved.body.cells[0].b].sort()).toEqual(
      [node('alpha'), node('beta')].sort(),
    );
    expect(saved.body.cells[0].value).toBe(2);
    expect((await debug(node('alpha'), node('beta'))).IsNodeAllowed).toBe(true);
    expect((await debug(node('alpha'), node('gw'))).flows.matrix).toBe(1);
    expect((await debug(node('alpha'), node('gw'))).IsNodeAllowed).toBe(false);
    expect((await debug(clientId, node('beta'))).IsNodeAllowed).toBe(false);
    // Stored as one value and one exception, not a row per pair (decision 040).
    expect(await storedRows()).toHaveLength(1);
    expect(await storedFill()).toBe(1);

    const reset = await call('PUT', '/api/networks/matrix/acls/cells', { fill: 2 });
    expect(reset.status).toBe(200);
    expect(reset.body.default_value).toBe(2);
    expect(reset.body.cells).toEqual([]);
    expect((await debug(node('alpha'), node('gw'))).IsNodeAllowed).toBe(true);
    expect(await storedRows()).toHaveLength(0);
    expect(await storedFill()).toBe(0);
  });

  it('-> Block all, then single-cell exceptions through /acls/cells and /acls/v2, then reset: the contract form, the debug answer and the client denials follow the old per-pair semantics', async () => {
    const ids = [node('gw'), node('alpha'), node('beta'), clientId];
    const full = async () => (await call('GET', '/api/networks/matrix/acls')).body;
    const blocked = await call('PUT', '/api/networks/matrix/acls/cells', { fill: 1 });
    expect(blocked.status).toBe(200);
    for (const a of ids) for (const b of ids) if (a !== b) expect((await full())[a][b]).toBe(1);
    let client = (await call('GET', `/api/extclients/matrix/${clientId}`)).body;
    expect(Object.keys(client.deniednodeacls ?? {}).sort()).toEqual(
      [node('gw'), node('alpha'), node('beta')].sort(),
    );

    // An exception through the compact write, another through the contract's merge.
    expect(
      (
        await call('PUT', '/api/networks/matrix/acls/cells', {
          cells: [{ a: node('gw'), b: node('alpha'), value: 2 }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('PUT', '/api/networks/matrix/acls/v2', { [clientId]: { [node('beta')]: 2 } })).status,
    ).toBe(200);
    const matrix = await full();
    expect(matrix[node('alpha')][node('gw')]).toBe(2);
    expect(matrix[node('beta')][clientId]).toBe(2);
    expect(matrix[node('alpha')][node('beta')]).toBe(1);
    expect(matrix[node('alpha')][clientId]).toBe(1);
    // An exception at the network default leaves its pair to the policies (the ALLOW network's default policy).
    expect((await debug(node('gw'), node('alpha'))).flows.matrix).toBe(0);
    expect((await debug(node('gw'), node('alpha'))).IsNodeAllowed).toBe(true);
    expect((await debug(clientId, node('beta'))).IsNodeAllowed).toBe(true);
    expect((await debug(node('alpha'), node('beta'))).IsNodeAllowed).toBe(false);
    client = (await call('GET', `/api/extclients/matrix/${clientId}`)).body;
    expect(Object.keys(client.deniednodeacls ?? {}).sort()).toEqual([node('gw'), node('alpha')].sort());
    expect(await storedRows()).toHaveLength(2);

    // Setting an exception back to the fill drops its row; the compact read equals the full one pair by pair.
    await call('PUT', '/api/networks/matrix/acls', { [node('alpha')]: { [node('gw')]: 1 } });
    expect(await storedRows()).toHaveLength(1);
    const cells = (await call('GET', '/api/networks/matrix/acls/cells')).body;
    const shown = await full();
    for (const a of ids)
      for (const b of ids) {
        if (a === b) continue;
        const cell = cells.cells.find((c: any) => [c.a, c.b].sort().join() === [a, b].sort().join());
        expect(shown[a][b]).toBe(cell?.value ?? cells.default_value);
      }

    // The preview of a reset names every pair it opens, computed from the fill, not pair by pair.
    const preview = await call('POST', '/api/networks/matrix/acls/cells/preview', { fill: 2 });
    expect(preview.body.Response.pairs).toEqual({ gained: 5, lost: 0 });
    const reset = await call('PUT', '/api/networks/matrix/acls/cells', { fill: 2 });
    expect(reset.body.cells).toEqual([]);
    expect(await storedRows()).toHaveLength(0);
    expect(await storedFill()).toBe(0);
    client = (await call('GET', `/api/extclients/matrix/${clientId}`)).body;
    expect(Object.keys(client.deniednodeacls ?? {})).toEqual([]);
    for (const a of ids) for (const b of ids) if (a !== b) expect((await full())[a][b]).toBe(2);
  });

  it('-> a client created after a Block all is outside the fill: its pairs show and follow the network default, as the contract gives a new member', async () => {
    expect((await call('PUT', '/api/networks/matrix/acls/cells', { fill: 1 })).status).toBe(200);
    const created = await call('POST', `/api/extclients/matrix/${node('gw')}`, { clientid: 'laptop-two' });
    expect(created.status).toBe(200);
    const full = (await call('GET', '/api/networks/matrix/acls')).body;
    expect(full['laptop-two'][node('alpha')]).toBe(2);
    expect(full[node('alpha')]['laptop-two']).toBe(2);
    expect(full[node('alpha')][node('beta')]).toBe(1);
    expect(full[clientId][node('beta')]).toBe(1);
    expect((await debug('laptop-two', node('alpha'))).IsNodeAllowed).toBe(true);
    expect((await debug('laptop-two', node('alpha'))).flows.matrix).toBe(0);
    expect((await debug(node('alpha'), node('beta'))).IsNodeAllowed).toBe(false);
    const cells = (await call('GET', '/api/networks/matrix/acls/cells')).body;
    expect(cells.default_value).toBe(1);
    for (const a of cells.members)
      for (const b of cells.members) {
        if (a === b) continue;
        const cell = cells.cells.find((c: any) => [c.a, c.b].sort().join() === [a, b].sort().join());
        expect(full[a][b]).toBe(cell?.value ?? cells.default_value);
      }
    // Still nothing stored per pair.
    expect(await storedRows()).toHaveLength(0);
    // Blocking it too is a single cell, as for any other pair.
    await call('PUT', '/api/networks/matrix/acls/v2', { 'laptop-two': { [node('alpha')]: 1 } });
    expect((await debug('laptop-two', node('alpha'))).IsNodeAllowed).toBe(false);
    expect(await storedRows()).toHaveLength(1);
    // A new Block all reaches it.
    await call('PUT', '/api/networks/matrix/acls/cells', { fill: 1 });
    expect((await call('GET', '/api/networks/matrix/acls')).body['laptop-two'][node('beta')]).toBe(1);
    expect((await call('PUT', '/api/networks/matrix/acls/cells', { fill: 2 })).status).toBe(200);
    expect((await call('DELETE', '/api/extclients/matrix/laptop-two')).status).toBe(200);
    expect(await storedRows()).toHaveLength(0);
  });

  it.each([
    [
      'an unknown id',
      () => ({ cells: [{ a: 'no-such-node', b: node('alpha'), value: 1 }] }),
      /matrix id no-such-node is not a node or client/,
    ],
    ['a fill of 3', () => ({ fill: 3 }), /matrix cells must be 1 \(deny\) or 2 \(allow\)/],
    [
      'a cell of 0',
      () => ({ cells: [{ a: node('beta'), b: node('alpha'), value: 0 }] }),
      /matrix cells must be 1 \(deny\) or 2 \(allow\)/,
    ],
  ])('-> PUT /acls/cells with %s returns 400 and stores nothing', async (_, body, message) => {
    const response = await call('PUT', '/api/networks/matrix/acls/cells', body());
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect((await call('GET', '/api/networks/matrix/acls/cells')).body.cells).toEqual([]);
  });
});
