import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';
import { targetRules, unloggedWrites } from './activity.public.ts';
import { ActivityRepository } from './activity.repository.ts';
import { ActivityService } from './activity.service.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
});
afterEach(async () => {
  await server.close();
});

const activity = async (token: string, query = '') => {
  const response = await server.request<any>('GET', `/api/v1/activity${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Response as any[];
};

describe('activity capture', () => {
  it('-> when an admin changes a network, records who, what, when, from where, and the before and after', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { defaultkeepalive: 20 });
    const started = Date.now();
    const updated = await server.request('PUT', '/api/networks/office', {
      token,
      body: { netid: 'office', addressrange: '10.101.0.0/24', defaultkeepalive: 35 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [latest, created] = await activity(token, '?network_id=office');
    expect(latest).toMatchObject({
      action: 'UPDATE',
      source: { id: 'admin', name: 'admin', subject_type: 'USER' },
      target: { id: 'office', name: 'office', subject_type: 'NETWORK' },
      network_id: 'office',
      triggered_by: 'admin',
      origin: 'API',
      client_address: '127.0.0.1',
    });
    expect(Date.parse(latest.time_stamp)).toBeGreaterThanOrEqual(started - 1000);
    expect(latest.diff.Old.default_keepalive).toBe(20);
    expect(latest.diff.New.default_keepalive).toBe(35);
    expect(created).toMatchObject({ action: 'CREATE', target: { id: 'office' }, diff: { Old: null } });
    expect(created.diff.New.address_range).toBe('10.101.0.0/24');
  });

  it('-> when an object is deleted, its entry keeps the before and has no after', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'lab');
    expect((await server.request('DELETE', '/api/networks/lab', { token })).status).toBe(200);
    const [deleted] = await activity(token);
    expect(deleted).toMatchObject({ action: 'DELETE', target: { id: 'lab', subject_type: 'NETWORK' } });
    expect(deleted.diff.Old.netid).toBe('lab');
    expect(deleted.diff.New).toBeNull();
  });

  it('-> a refused write records nothing', async () => {
    const token = await createSuperAdminAndLogin(server);
    const before = (await activity(token)).length;
    const refused = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'BAD NAME', addressrange: '10.0.0.0/24' },
    });
    expect(refused.status).toBe(400);
    expect((await activity(token)).length).toBe(before);
  });

  it('-> never stores a private key, a password hash, an enrollment key or its token', async () => {
    const a = await gatewayNetwork(server, 'neta', '10.71.0.0/24');
    const client = await createClient(server, a.token, 'neta', a.gatewayNode, { clientid: 'phone' });
    expect(client.status).toBe(200);
    const key = await createKey(server, a.token, { tags: ['laptops'], networks: ['neta'] });
    await server.request('POST', '/api/users/someone', {
      token: a.token,
      body: { password: 'secret-123456', platform_role_id: 'platform-user' },
    });
    const stored = await server.app.meshdeck.database.db.selectFrom('activity_log').selectAll().execute();
    const text = JSON.stringify(stored);
    for (const secret of [client.body.privatekey, key.value, key.token, '$argon2', 'secret-123456'])
      expect(text).not.toContain(secret);
    const entries = await activity(a.token);
    const clientEntry = entries.find((e) => e.target.subject_type === 'EXT_CLIENT');
    expect(clientEntry.diff.New.private_key).toBe('');
    expect(clientEntry.diff.New.public_key).toBe(client.body.publickey);
    const keyEntry = entries.find((e) => e.target.subject_type === 'ENROLLMENT_KEY');
    expect(keyEntry.target.id).toMatch(/^hidden-/);
    // The hosts that joined are recorded as their own actors, without their passwords.
    const joins = entries.filter((e) => e.target.subject_type === 'DEVICE' && e.action === 'CREATE');
    const join = joins.find((e) => e.source.id === a.gatewayHost.id);
    expect(join.source).toMatchObject({ id: a.gatewayHost.id, name: 'gateway', subject_type: 'DEVICE' });
    expect(join.diff.New.password_hash).toBe('');
  });

  it('-> a login is recorded for the user who signed in, with no password', async () => {
    await createSuperAdminAndLogin(server);
    const token = await createUserWithRole(server, 'patty', 'platform-user');
    const [login] = await activity(token);
    expect(login).toMatchObject({ action: 'LOGIN', triggered_by: 'patty', target: { id: 'patty' } });
    expect(JSON.stringify(login)).not.toContain('password-123');
  });
});

describe('activity capture -> names, not UUIDs (issue 39)', () => {
  it("-> when a tag's devices change, the entry shows its members before and after by name", async () => {
    const a = await gatewayNetwork(server, 'neta', '10.71.0.0/24');
    const call = (method: string, path: string, body: unknown) =>
      server.request<any>(method, path, { token: a.token, body });
    const created = await call('POST', '/api/v1/tags?network=neta', {
      tag_name: 'web',
      network: 'neta',
      tagged_nodes: [{ id: a.meshNode }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edited = await call('PUT', '/api/v1/tags', {
      id: 'neta.web',
      tagged_nodes: [{ id: a.meshNode }, { id: a.gatewayNode }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [edit, create] = await activity(a.token, '?subject_type=TAG');
    expect(create.diff.New.members).toEqual(['mesh']);
    expect(edit).toMatchObject({ action: 'UPDATE', target: { id: 'neta.web', name: 'web' } });
    expect(edit.diff.Old.members).toEqual(['mesh']);
    expect(edit.diff.New.members).toEqual(['gateway', 'mesh']);
  });

  it('-> node, gateway and client entries name hosts and gateways, and a relay names its nodes', async () => {
    const a = await gatewayNetwork(server, 'neta', '10.71.0.0/24');
    const client = await createClient(server, a.token, 'neta', a.gatewayNode, { clientid: 'phone' });
    expect(client.status).toBe(200);
    const relay = await server.request('POST', `/api/nodes/neta/${a.gatewayNode}/createrelay`, {
      token: a.token,
      body: { relayaddrs: [a.meshNode] },
    });
    expect(relay.status, JSON.stringify(relay.body)).toBe(200);
    const entries = await activity(a.token, '?network_id=neta');
    const [relayEntry, ingressEntry] = entries.filter((e) => e.target.subject_type === 'GATEWAY');
    expect(ingressEntry.target).toMatchObject({ id: a.gatewayNode, name: 'gateway' });
    expect(relayEntry.target).toMatchObject({ id: a.gatewayNode, name: 'gateway' });
    expect(relayEntry.diff.New.name).toBe('gateway');
    expect(relayEntry.diff.Old.settings.relaynodes).toEqual([]);
    expect(relayEntry.diff.New.settings.relaynodes).toEqual(['mesh']);
    const clientEntry = entries.find((e) => e.target.subject_type === 'EXT_CLIENT');
    expect(clientEntry.diff.New).toMatchObject({ gateway_node_id: a.gatewayNode, gateway: 'gateway' });
    const joins = entries.filter((e) => e.action === 'JOIN_HOST_TO_NETWORK');
    for (const join of joins) expect(['gateway', 'mesh']).toContain(join.target.name);
  });
});

describe('GET /api/v1/activity -> filters and pages', () => {
  it('-> filters by network, user and type, and pages newest first', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'neta', { addressrange: '10.1.0.0/24' });
    await createNetwork(server, token, 'netb', { addressrange: '10.2.0.0/24' });
    const dns = await server.request('POST', '/api/dns/neta', {
      token,
      body: { name: 'printer.neta', address: '10.1.0.9' },
    });
    expect(dns.status, JSON.stringify(dns.body)).toBe(200);
    const neta = await activity(token, '?network_id=neta');
    expect(neta.map((e) => e.target.subject_type)).toEqual(['DNS', 'NETWORK']);
    expect((await activity(token, '?subject_type=NETWORK')).map((e) => e.target.id)).toEqual([
      'netb',
      'neta',
    ]);
    expect(
      (await activity(token, '?username=admin&subject_type=NETWORK&per_page=1&page=2'))[0].target.id,
    ).toBe('neta');
    expect(await activity(token, '?username=nobody-here')).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await activity(token, `?from_date=${future}`)).toEqual([]);
    expect((await activity(token, `?to_date=${future}&network_id=netb`)).length).toBe(1);
  });

  it('-> a bad query answers 400 naming the field', async () => {
    const token = await createSuperAdminAndLogin(server);
    for (const [query, field] of [
      ['?per_page=5000', 'per_page'],
      ['?page=0', 'page'],
      ['?from_date=yesterday', 'from_date'],
      ['?subject_type=PLANET', 'subject_type'],
    ]) {
      const response = await server.request<any>('GET', `/api/v1/activity${query}`, { token });
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain(field);
    }
  });
});

describe('GET /api/v1/activity -> who reads which entries', () => {
  it('-> admins and auditors read all; a network admin their network; others their own', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'neta', { addressrange: '10.1.0.0/24' });
    await createNetwork(server, token, 'netb', { addressrange: '10.2.0.0/24' });
    const netadmin = await createUserWithRole(server, 'neta-admin', 'platform-user', [
      'neta-network-admin-grp',
    ]);
    const auditor = await createUserWithRole(server, 'auditor1', 'auditor');
    const plain = await createUserWithRole(server, 'plain', 'platform-user');
    await server.request('POST', '/api/dns/neta', {
      token: netadmin,
      body: { name: 'nas.neta', address: '10.1.0.7' },
    });
    await server.request('POST', '/api/dns/netb', { token, body: { name: 'tv.netb', address: '10.2.0.7' } });

    const seen = async (t: string) => (await activity(t)).map((e) => `${e.triggered_by}:${e.target.id}`);
    expect(await seen(auditor)).toEqual(
      expect.arrayContaining(['admin:netb', 'neta-admin:neta/nas.neta', 'plain:plain']),
    );
    const byNetadmin = await seen(netadmin);
    expect(byNetadmin).toEqual(
      expect.arrayContaining(['admin:neta', 'neta-admin:neta/nas.neta', 'neta-admin:neta-admin']),
    );
    expect(
      byNetadmin.some((e) => e.includes('netb') || e.startsWith('plain') || e.startsWith('auditor1')),
    ).toBe(false);
    expect(await seen(plain)).toEqual(['plain:plain']);

    const other = await server.request('GET', '/api/v1/network/activity?network_id=netb', {
      token: netadmin,
    });
    // A network the caller cannot see is not found for it (decision 046).
    expect(other.status).toBe(404);
    const own = await server.request<any>('GET', '/api/v1/network/activity?network_id=neta', {
      token: netadmin,
    });
    expect(own.status).toBe(200);
    expect(own.body.Response.every((e: any) => e.network_id === 'neta')).toBe(true);
    expect(
      (await server.request('GET', '/api/v1/user/activity?username=admin', { token: plain })).status,
    ).toBe(403);
    const mine = await server.request<any>('GET', '/api/v1/user/activity?username=plain', { token: plain });
    expect(mine.body.Response.map((e: any) => e.action)).toEqual(['LOGIN']);
  });
});

describe('activity retention', () => {
  it('-> pruning deletes entries older than the retention and keeps the rest', async () => {
    const token = await createSuperAdminAndLogin(server);
    const repository = new ActivityRepository(server.app.meshdeck.database.db);
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
    await repository.insert({
      id: '0000000000001-000000-00000000',
      time_stamp: old,
      action: 'UPDATE',
      subject_type: 'NETWORK',
      target_id: 'ancient',
      target_name: 'ancient',
      network_id: 'ancient',
      actor_kind: 'user',
      actor_id: 'admin',
      actor_name: 'admin',
      origin: 'API',
      client_address: '127.0.0.1',
      route: 'PUT /api/networks/:networkname',
      diff_old: null,
      diff_new: null,
    });
    expect((await activity(token, '?network_id=ancient')).length).toBe(1);
    expect(await new ActivityService(repository, 90).prune()).toBe(0);
    expect(await new ActivityService(repository, 30).prune()).toBe(1);
    expect(await activity(token, '?network_id=ancient')).toEqual([]);
    expect((await activity(token)).length).toBeGreaterThan(0);
  });

  it('-> ACTIVITY_RETENTION_DAYS out of range stops the start with the variable named', async () => {
    await expect(startTestServer({ ACTIVITY_RETENTION_DAYS: '0' })).rejects.toThrow(
      /ACTIVITY_RETENTION_DAYS/,
    );
  });
});

describe('activity rule table', () => {
  it('-> every write route of the server is either logged or deliberately left out', () => {
    const writes = server.app.apiRoutes
      .filter((route) => !route.startsWith('GET '))
      .map((route) => route.replace(/\{(\w+)\}/g, ':$1'));
    expect(writes.length).toBeGreaterThan(50);
    const undecided = writes.filter((route) => !(route in targetRules) && !unloggedWrites.has(route));
    expect(undecided).toEqual([]);
  });

  it('-> a host token changing its own node is recorded with the host as the actor', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'neta', { addressrange: '10.1.0.0/24' });
    const [host] = await registerFleet(server, token, ['neta'], ['edge-1']);
    const node = host!.nodes[0]!.id;
    const removed = await server.request('DELETE', `/api/nodes/neta/${node}`, {
      token: host!.hostToken,
      headers: { requestfrom: 'node' },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [entry] = await activity(token, '?subject_type=NODE');
    expect(entry).toMatchObject({
      action: 'DELETE',
      origin: 'CLIENT-APP',
      source: { id: host!.id, name: 'edge-1', subject_type: 'DEVICE' },
      target: { id: node },
    });
    expect(entry.diff.Old.host_id).toBe(host!.id);
  });
});
