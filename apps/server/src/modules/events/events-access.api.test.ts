import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_KEY } from '../../app.ts';
import { TokenService } from '../../auth/tokens.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { SettingsRepository } from '../server/settings.repository.ts';

let server: TestServer;
let adminToken: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  adminToken = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

/** Opens the event stream and reads it as text; `until` resolves once the text contains a marker. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let isEnded = false;
  const readMore = async () => {
    const chunk = await reader.read();
    if (chunk.done) isEnded = true;
    else text += decoder.decode(chunk.value);
  };
  while (!text.includes(': connected')) await readMore();
  return {
    text: () => text,
    async until(marker: string) {
      while (!text.includes(marker) && !isEnded) await readMore();
      return text;
    },
    async ended() {
      while (!isEnded) await readMore();
      return true;
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/v1/events -> who hears what', () => {
  it("-> for a user administering one network, sends only that network's changes", async () => {
    // The group exists once its network does (roles and groups are created with the network).
    await createNetwork(server, adminToken, 'office');
    const token = await createUserWithRole(server, 'office-admin', 'platform-user', [
      'office-network-admin-grp',
    ]);
    const stream = await openStream(token);
    const bus = server.app.meshdeck.events;
    bus.publish({ resource: 'networks', action: 'created', id: 'lab' });
    bus.publish({ resource: 'nodes', action: 'updated', id: 'lab-node', network: 'lab' });
    bus.publish({ resource: 'hosts', action: 'updated', id: 'some-host' });
    bus.publish({ resource: 'enrollment-keys', action: 'created', id: 'some-key' });
    bus.publish({ resource: 'users', action: 'created', id: 'someone' });
    bus.publish({ resource: 'nodes', action: 'updated', id: 'office-node', network: 'office' });
    bus.publish({ resource: 'networks', action: 'updated', id: 'office' });
    const text = await stream.until('"id":"office"');
    expect(text).toContain('"office-node"');
    for (const hidden of ['"lab"', 'lab-node', 'some-host', 'some-key', 'someone'])
      expect(text).not.toContain(hidden);
    stream.close();
  });

  it('-> for a platform admin, sends every change, including hosts and networks', async () => {
    const admin = await openStream(adminToken);
    const bus = server.app.meshdeck.events;
    bus.publish({ resource: 'networks', action: 'created', id: 'lab' });
    bus.publish({ resource: 'hosts', action: 'updated', id: 'some-host' });
    await admin.until('some-host');
    expect(admin.text()).toContain('"lab"');
    admin.close();
  });
});

describe('GET /api/v1/events -> a change of the caller itself', () => {
  it("-> when an admin changes the user's role, the user's stream carries it and ends; a new stream follows the new role", async () => {
    await createNetwork(server, adminToken, 'office');
    const token = await createUserWithRole(server, 'patty', 'platform-user');
    const stream = await openStream(token);
    // Another user's change is still not the caller's to hear.
    const other = await server.request('POST', '/api/users/quinnie', {
      token: adminToken,
      body: { password: 'secret-123', platform_role_id: 'platform-user' },
    });
    expect(other.status).toBe(200);
    const changed = await server.request('PUT', '/api/users/patty', {
      token: adminToken,
      body: { username: 'patty', platform_role_id: 'auditor' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await stream.ended()).toBe(true);
    expect(stream.text()).toContain('"resource":"users","action":"updated","id":"patty"');
    expect(stream.text()).not.toContain('quinnie');
    // The same session opens a stream again, now as an auditor, which hears about hosts.
    const again = await openStream(token);
    server.app.meshdeck.events.publish({ resource: 'hosts', action: 'updated', id: 'some-host' });
    expect(await again.until('some-host')).toContain('some-host');
    again.close();
  });

  it('-> when a group the user is put in is saved, the user hears about it', async () => {
    await createNetwork(server, adminToken, 'office');
    const token = await createUserWithRole(server, 'raelynn', 'platform-user');
    const stream = await openStream(token);
    const group = await server.request('POST', '/api/v1/users/group', {
      token: adminToken,
      body: {
        user_group: { name: 'Office crew', network_roles: { office: { 'office-network-user': {} } } },
        members: ['raelynn'],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    expect(await stream.ended()).toBe(true);
    expect(stream.text()).toContain('"id":"raelynn"');
  });
});

describe('GET /api/v1/events -> token expiry', () => {
  it('-> when the session token expires, the server ends the stream', async () => {
    const secret = await new SettingsRepository(server.app.meshdeck.database.db).get(JWT_SECRET_KEY);
    // Issued five minutes (the token lifetime) minus two seconds ago: it expires about two seconds from now.
    const issuedAt = new Date(Date.now() - 5 * 60 * 1000 + 2000);
    const shortLived = await new TokenService(secret!, 5).signUserToken('admin', 'super-admin', issuedAt);
    const stream = await openStream(shortLived);
    expect(await stream.ended()).toBe(true);
    expect((await server.request('GET', '/api/v1/events', { token: shortLived })).status).toBe(401);
  });
});
