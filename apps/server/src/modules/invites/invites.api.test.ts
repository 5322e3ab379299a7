import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  createNetwork,
  createSuperAdminAndLogin,
  createUserWithRole,
  login,
} from '../../../test/factories.ts';

let server: TestServer | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  server = undefined;
  smtp = undefined;
});

/** A real SMTP server on a loopback port that keeps every message it receives. */
async function startSmtp(): Promise<{ url: string; messages: string[] }> {
  const messages: string[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        messages.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, messages };
}

const invite = (token: string, body: Record<string, unknown>) =>
  server!.request('POST', '/api/v1/users/invite', { token, body });
const codeOf = (url: string) => new URL(url).searchParams.get('invite_code')!;

describe('invites', () => {
  it('-> an admin invites two users; each gets an email with the link; the link signs the user up into network A only', async () => {
    const mail = await startSmtp();
    server = await startTestServer({
      EDITION: 'pro',
      SMTP_URL: mail.url,
      FRONTEND_URL: 'https://console.example',
    });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'neta');
    await createNetwork(server, token, 'netb', { addressrange: '10.102.0.0/24' });
    const created = await invite(token, {
      user_emails: ['Ann@Example.com', 'ben@example.com'],
      platform_role_id: 'platform-user',
      user_group_ids: { 'neta-network-user-grp': {} },
      network_roles: {},
    });
    expect(created.status).toBe(200);
    expect(created.body.Message).toBe('triggered user invites');
    const [ann] = created.body.Response as { email: string; invite_code: string; invite_url: string }[];
    expect(ann).toMatchObject({
      email: 'ann@example.com',
      platform_role_id: 'platform-user',
      user_group_ids: { 'neta-network-user-grp': {} },
    });
    expect(ann!.invite_code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(ann!.invite_url).toBe(
      `https://console.example/invite?email=ann%40example.com&invite_code=${ann!.invite_code}`,
    );
    expect(mail.messages).toHaveLength(2);
    expect(mail.messages.join('\n')).toContain(ann!.invite_code);

    const query = `email=${encodeURIComponent(ann!.email)}&invite_code=${codeOf(ann!.invite_url)}`;
    expect((await server.request('GET', `/api/v1/users/invite?${query}`)).body).toEqual({
      Code: 200,
      Message: 'invite is valid',
      Response: null,
    });
    const signup = await server.request('POST', `/api/v1/users/invite-signup?${query}`, {
      body: { username: 'ann@example.com', password: 'ann-secret-1' },
    });
    expect(signup.body.Message).toBe('created user successfully ann@example.com');
    const annToken = await login(server, 'ann@example.com', 'ann-secret-1');
    expect(
      ((await server.request('GET', '/api/networks', { token: annToken })).body as { netid: string }[]).map(
        (n) => n.netid,
      ),
    ).toEqual(['neta']);
    // The code worked once.
    const reused = await server.request('POST', `/api/v1/users/invite-signup?${query}`, {
      body: { username: 'ann@example.com', password: 'ann-secret-1' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.Message).toBe('invalid invite code');
    expect(
      (
        (await server.request('GET', '/api/v1/users/invites', { token })).body.Response as { email: string }[]
      ).map((i) => i.email),
    ).toEqual(['ben@example.com']);
  });

  it('-> without SMTP, still returns the links; delete one and delete all remove them', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    const created = await invite(token, { user_emails: ['cy@example.com', 'di@example.com'] });
    expect(created.body.Response[0].invite_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/invite\?email=cy%40example\.com&invite_code=/,
    );
    expect(created.body.Response[0].platform_role_id).toBe('service-user');
    expect(
      (await server.request('DELETE', '/api/v1/users/invite?invitee_email=cy@example.com', { token })).status,
    ).toBe(200);
    expect(
      (await server.request('DELETE', '/api/v1/users/invite?invitee_email=cy@example.com', { token })).status,
    ).toBe(404);
    expect((await server.request('DELETE', '/api/v1/users/invites', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/users/invites', { token })).body.Response).toEqual([]);
  });

  it.each([
    [{ user_emails: [] }, 'user_emails must name at least one email'],
    [{ user_emails: ['not-an-email'] }, 'must be an email address'],
    [{ user_emails: ['x@example.com'], platform_role_id: 'owner' }, 'platform role owner does not exist'],
    [{ user_emails: ['x@example.com'], user_group_ids: { nope: {} } }, 'user group nope does not exist'],
    [
      { user_emails: ['x@example.com'], network_roles: { neta: { 'netb-network-user': {} } } },
      'role netb-network-user does not exist',
    ],
    [{ user_emails: ['x@example.com', 'admin'] }, 'must be an email address'],
  ])('-> POST with %j returns 400 with a clear message and invites nobody', async (body, message) => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    const response = await invite(token, body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect((await server.request('GET', '/api/v1/users/invites', { token })).body.Response).toEqual([]);
  });

  it('-> a bad code, a wrong username, an expired invite, and an admin inviting an admin are refused', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    const created = await invite(token, { user_emails: ['eve@example.com'] });
    const code = codeOf(created.body.Response[0].invite_url as string);
    expect(
      (await server.request('GET', '/api/v1/users/invite?email=eve@example.com&invite_code=WRONG123')).body
        .Message,
    ).toBe('invalid invite code');
    const wrongName = await server.request(
      'POST',
      `/api/v1/users/invite-signup?email=eve@example.com&invite_code=${code}`,
      { body: { username: 'someone@example.com', password: 'eve-secret-1' } },
    );
    expect(wrongName.body.Message).toBe('username must be the invited email');
    await server.app.meshdeck.database.db
      .updateTable('invites')
      .set({ created_at: '2001-01-01T00:00:00.000Z' })
      .execute();
    const expired = await server.request(
      'POST',
      `/api/v1/users/invite-signup?email=eve@example.com&invite_code=${code}`,
      { body: { username: 'eve@example.com', password: 'eve-secret-1' } },
    );
    expect(expired.body.Message).toContain('invite code has expired');
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    expect(
      (await invite(adminToken, { user_emails: ['fay@example.com'], platform_role_id: 'admin' })).status,
    ).toBe(403);
  });
});

describe('pending users', () => {
  it('-> approve creates a service user; deny one and deny all remove them', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    const db = server.app.meshdeck.database.db;
    for (const username of ['gil@example.com', 'hal@example.com', 'ida@example.com']) {
      await db
        .insertInto('pending_users')
        .values({ username, external_id: `sub-${username}`, created_at: new Date().toISOString() })
        .execute();
    }
    const pending = await server.request('GET', '/api/users_pending', { token });
    expect((pending.body as { username: string; auth_type: string }[]).map((u) => u.username)).toEqual([
      'gil@example.com',
      'hal@example.com',
      'ida@example.com',
    ]);
    expect(
      (await server.request('POST', '/api/users_pending/user/gil@example.com', { token })).body.Message,
    ).toBe('approved gil@example.com');
    expect((await server.request('GET', '/api/users/gil@example.com', { token })).body).toMatchObject({
      platform_role_id: 'service-user',
      auth_type: 'oauth',
    });
    expect(
      (await server.request('DELETE', '/api/users_pending/user/hal@example.com', { token })).status,
    ).toBe(200);
    expect((await server.request('POST', '/api/users_pending/user/hal@example.com', { token })).status).toBe(
      404,
    );
    expect((await server.request('DELETE', '/api/users_pending', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/users_pending', { token })).body).toEqual([]);
  });

  it('-> approve with a platform role and groups creates the user with them; a bad choice is 400/403 and the user stays pending', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office');
    const db = server.app.meshdeck.database.db;
    const addPending = (username: string) =>
      db
        .insertInto('pending_users')
        .values({ username, external_id: `sub-${username}`, created_at: new Date().toISOString() })
        .execute();
    const approve = (username: string, body: unknown, as = token) =>
      server!.request('POST', `/api/users_pending/user/${username}`, { token: as, body });
    for (const username of ['jo@example.com', 'kim@example.com', 'lee@example.com'])
      await addPending(username);

    expect(
      (
        await approve('jo@example.com', {
          platform_role_id: 'platform-user',
          user_group_ids: { 'office-network-user-grp': {} },
        })
      ).status,
    ).toBe(200);
    expect((await server.request('GET', '/api/users/jo@example.com', { token })).body).toMatchObject({
      platform_role_id: 'platform-user',
      user_group_ids: { 'office-network-user-grp': {} },
      auth_type: 'oauth',
    });
    expect((await approve('kim@example.com', { platform_role_id: 'admin' })).status).toBe(200);
    expect((await server.request('GET', '/api/users/kim@example.com', { token })).body).toMatchObject({
      platform_role_id: 'admin',
      user_group_ids: { 'global-network-admin-grp': {} },
    });

    const cases: [unknown, number, RegExp][] = [
      [{ platform_role_id: 'super-admin' }, 403, /super-admin/],
      [{ platform_role_id: 'no-such-role' }, 400, /platform role no-such-role does not exist/],
      [{ platform_role_id: 'platform-user', user_group_ids: { 'no-such-group': {} } }, 400, /no-such-group/],
      [{ platform_role_id: 42 }, 400, /platform_role_id/],
    ];
    for (const [body, status, message] of cases) {
      const response = await approve('lee@example.com', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.Message).toMatch(message);
    }
    // Only the super-admin makes admins.
    const admin = await createUserWithRole(server, 'ann', 'admin');
    expect((await approve('lee@example.com', { platform_role_id: 'admin' }, admin)).status).toBe(403);
    expect(
      (await server.request('GET', '/api/users_pending', { token })).body.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(['lee@example.com']);
  });
});
