import type { ChangeEvent } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
let events: ChangeEvent[];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
  events = [];
  // Only this module's announcements: other modules react to networks events with their own (default keys).
  server.app.meshdeck.events.subscribe((event) => {
    if (event.resource === 'networks') events.push(event);
  });
});
afterEach(async () => {
  await server.close();
});

const getOffice = async () =>
  (await server.request('GET', '/api/networks/office', { token })).body as Record<string, unknown>;

describe('PUT /api/networks/:networkname', () => {
  it('-> with the whole Network object, updates the defaults and ignores ranges, flags and name', async () => {
    const { defaultlistenport: _port, ...current } = await getOffice();
    // A mixed-case key counts when no exact lower-case key competes with it.
    const body = {
      ...current,
      defaultkeepalive: 25,
      defaultmtu: 1420,
      DefaultListenPort: 51900,
      defaultacl: 'no',
      defaultudpholepunch: 'yes',
      defaultDns: '9.9.9.9',
      addressrange: '192.168.0.0/16',
      isipv6: 'yes',
      name: 'Renamed',
    };
    const response = await server.request('PUT', '/api/networks/office', { token, body });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      netid: 'office',
      addressrange: '10.1.0.0/24',
      isipv6: 'no',
      name: 'office',
    });
    expect(response.body).toMatchObject({
      defaultkeepalive: 25,
      defaultmtu: 1420,
      defaultlistenport: 51900,
      defaultacl: 'no',
      defaultudpholepunch: 'yes',
      defaultDns: '9.9.9.9',
    });
    expect(response.body.networklastmodified).toBeGreaterThanOrEqual(current.networklastmodified as number);
    expect(await getOffice()).toEqual(response.body);
    expect(events).toEqual([{ resource: 'networks', action: 'updated', id: 'office' }]);
  });

  it('-> when the body sends back exactly what GET returned, changes nothing but the modified stamp', async () => {
    const current = await getOffice();
    const response = await server.request('PUT', '/api/networks/office', { token, body: current });
    expect(response.status).toBe(200);
    expect({ ...response.body, networklastmodified: 0 }).toEqual({ ...current, networklastmodified: 0 });
  });

  it('-> when the body names another netid, returns 400 "cannot change netid" and changes nothing', async () => {
    const before = await getOffice();
    const response = await server.request('PUT', '/api/networks/office', {
      token,
      body: { ...before, netid: 'elsewhere', defaultmtu: 1400 },
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('cannot change netid');
    expect(await getOffice()).toEqual(before);
    expect(events).toEqual([]);
  });

  it.each([
    [{ defaultkeepalive: 5000 }, 'defaultkeepalive must be between 1 and 1000 seconds'],
    [{ defaultmtu: 'big' }, 'defaultmtu must be a number'],
    [{ defaultacl: 'perhaps' }, 'defaultacl must be "yes" or "no"'],
    [{ netid: 42 }, 'netid must be a string'],
    ['just text', 'the body must be a JSON object'],
  ])('-> when the body is %j, returns 400 saying "%s" and changes nothing', async (body, message) => {
    const before = await getOffice();
    const response = await server.request('PUT', '/api/networks/office', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect(await getOffice()).toEqual(before);
  });

  it('-> for an unknown network, returns 404; as a platform user, 403; without a token, 401', async () => {
    const missing = await server.request('PUT', '/api/networks/ghost', { token, body: { defaultmtu: 1400 } });
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('network ghost not found');
    const userToken = await createUserWithRole(server, 'office-admin', 'platform-user', [
      'office-network-admin-grp',
    ]);
    expect(
      (await server.request('PUT', '/api/networks/office', { token: userToken, body: { defaultmtu: 1400 } }))
        .status,
    ).toBe(403);
    expect((await server.request('PUT', '/api/networks/office', { body: { defaultmtu: 1400 } })).status).toBe(
      401,
    );
    expect((await getOffice()).defaultmtu).toBe(1280);
  });
});

describe('DELETE /api/networks/:networkname', () => {
  it('-> for an empty network, deletes it, answers env(null) "success" and announces it', async () => {
    const response = await server.request('DELETE', '/api/networks/office', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ Code: 200, Message: 'success', Response: null });
    expect((await server.request('GET', '/api/networks/office', { token })).status).toBe(404);
    expect(events).toEqual([{ resource: 'networks', action: 'deleted', id: 'office' }]);
  });

  it('-> after deletion, the name and the range can be used again', async () => {
    await server.request('DELETE', '/api/networks/office?force=true', { token });
    await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
    expect((await getOffice()).addressrange).toBe('10.1.0.0/24');
  });

  it('-> for an unknown network, returns 404; with a bad force value, 400 naming it', async () => {
    const missing = await server.request('DELETE', '/api/networks/ghost', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('network ghost not found');
    const badForce = await server.request('DELETE', '/api/networks/office?force=maybe', { token });
    expect(badForce.status).toBe(400);
    expect(badForce.body.Message).toContain('force must be true or false');
    expect(events).toEqual([]);
  });

  it('-> as a platform user, returns 403 and keeps the network; without a token, 401', async () => {
    const userToken = await createUserWithRole(server, 'office-admin', 'platform-user', [
      'office-network-admin-grp',
    ]);
    expect((await server.request('DELETE', '/api/networks/office', { token: userToken })).status).toBe(403);
    expect((await server.request('DELETE', '/api/networks/office')).status).toBe(401);
    expect((await server.request('GET', '/api/networks/office', { token })).status).toBe(200);
  });
});
