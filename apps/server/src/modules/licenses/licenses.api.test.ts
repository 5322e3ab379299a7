import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, login } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  licenseKeyPair,
  licensePayload,
  proLicenseEnv,
  signLicense,
} from '../../../test/license-factories.ts';
import { buildApp, type App } from '../../app.ts';
import { TRIAL_STARTED_AT_KEY } from './licenses.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const keys = licenseKeyPair();
let server: TestServer | undefined;
let restarted: App | undefined;
afterEach(async () => {
  await restarted?.close();
  restarted = undefined;
  await server?.close();
  server = undefined;
});

type Status = {
  is_pro: boolean;
  license_error: string;
  trial_end_date: string;
  is_on_trial_license: boolean;
};
const status = async (s: TestServer) => (await s.request<Status>('GET', '/api/server/status')).body;

/** Stops the app and starts a new one on the same configuration and database, as a process restart does. */
async function restart(s: TestServer): Promise<App> {
  const config = s.app.meshdeck.config;
  await s.app.close();
  return buildApp(config);
}
const statusOf = async (app: App) =>
  (await app.inject({ method: 'GET', url: '/api/server/status' })).json<Status>();

describe('Pro trial', () => {
  it('-> on a first start without a licence, a 14-day trial starts, is stored, and the same end date survives a restart', async () => {
    const before = Date.now();
    server = await startTestServer({ EDITION: 'pro' });
    const first = await status(server);
    expect(first).toMatchObject({ is_pro: true, license_error: '', is_on_trial_license: true });
    const end = Date.parse(first.trial_end_date);
    expect(end).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(end).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);
    const stored = await server.app.meshdeck.database.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', TRIAL_STARTED_AT_KEY)
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.value) + 14 * DAY_MS).toBe(end);

    restarted = await restart(server);
    expect((await statusOf(restarted)).trial_end_date).toBe(first.trial_end_date);
  });

  it('-> once 14 days have passed, status says "your trial has ended" and other routes answer 403 with it; sign-in still works', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    await server.app.meshdeck.database.db
      .updateTable('server_settings')
      .set({ value: new Date(Date.now() - 15 * DAY_MS).toISOString() })
      .where('key', '=', TRIAL_STARTED_AT_KEY)
      .execute();
    restarted = await restart(server);
    expect(await statusOf(restarted)).toMatchObject({
      is_pro: true,
      license_error: 'your trial has ended',
      is_on_trial_license: true,
    });
    const networks = await restarted.inject({
      method: 'GET',
      url: '/api/networks',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(networks.statusCode).toBe(403);
    expect(networks.json()).toEqual({ Code: 403, Message: 'your trial has ended', Response: null });
    const signIn = await restarted.inject({
      method: 'POST',
      url: '/api/users/adm/authenticate',
      payload: { username: 'admin', password: 'correct-horse' },
    });
    expect(signIn.statusCode).toBe(200);
    // The console's sign-in reads the user it signed in as, then shows the trial-ended view.
    const self = await restarted.inject({
      method: 'GET',
      url: '/api/v1/users?username=admin',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(self.statusCode).toBe(200);
  });

  it('-> on community, there is no trial, no licence error, and the Pro validation route is absent', async () => {
    server = await startTestServer();
    expect(await status(server)).toEqual(
      expect.objectContaining({
        is_pro: false,
        license_error: '',
        is_on_trial_license: false,
        trial_end_date: '0001-01-01T00:00:00Z',
      }),
    );
    const token = await createSuperAdminAndLogin(server);
    const validation = await server.request('POST', '/api/v1/server/license/validation', { token });
    expect(validation.status).toBe(404);
  });
});

describe('Pro licence', () => {
  it('-> with a valid licence, the trial fields are off and the routes answer', async () => {
    server = await startTestServer(
      proLicenseEnv(keys.publicKeyPem, signLicense(licensePayload(), keys.privateKey)),
    );
    expect(await status(server)).toMatchObject({
      is_pro: true,
      license_error: '',
      is_on_trial_license: false,
      trial_end_date: '0001-01-01T00:00:00Z',
    });
    const token = await createSuperAdminAndLogin(server);
    expect((await server.request('GET', '/api/networks', { token })).status).toBe(200);
  });

  it('-> with a forged licence (signed by another key), status names the bad signature and routes answer 403 with it', async () => {
    const forger = generateKeyPairSync('ed25519').privateKey;
    server = await startTestServer(proLicenseEnv(keys.publicKeyPem, signLicense(licensePayload(), forger)));
    const { license_error } = await status(server);
    expect(license_error).toMatch(/^license key signature is invalid/);
    const created = await server.request('POST', '/api/users/adm/createsuperadmin', {
      body: { username: 'admin', password: 'correct-horse' },
    });
    expect(created).toMatchObject({ status: 403, body: { Code: 403, Message: license_error } });
  });

  it('-> with an expired licence, status says when it expired and routes answer 403', async () => {
    const expired = signLicense(licensePayload({ expires_at: '2026-01-31T00:00:00Z' }), keys.privateKey);
    server = await startTestServer(proLicenseEnv(keys.publicKeyPem, expired));
    expect((await status(server)).license_error).toBe('license expired on 2026-01-31');
    expect((await server.request('GET', '/api/users/adm/hassuperadmin')).status).toBe(200);
    // A public write is refused for the licence; a route that needs a user asks for one first (401), then refuses.
    const created = await server.request('POST', '/api/users/adm/createsuperadmin', {
      body: { username: 'admin', password: 'correct-horse' },
    });
    expect(created).toMatchObject({ status: 403, body: { Message: 'license expired on 2026-01-31' } });
    expect((await server.request('GET', '/api/server/getconfig')).status).toBe(401);
  });

  it('-> with a malformed licence, status says it is malformed', async () => {
    server = await startTestServer(proLicenseEnv(keys.publicKeyPem, 'not-a-license'));
    expect((await status(server)).license_error).toMatch(/^license key is malformed: /);
  });

  it('-> a licence signed with the test key is refused without LICENSE_TEST_PUBLIC_KEY (the shipped key is trusted)', async () => {
    server = await startTestServer({
      EDITION: 'pro',
      LICENSE_KEY: signLicense(licensePayload(), keys.privateKey),
    });
    expect((await status(server)).license_error).toMatch(/signature is invalid/);
  });

  it('-> LICENSE_FILE: a replaced file takes effect through POST /api/v1/server/license/validation; a bad one answers 403 with its reason', async () => {
    const dir = fs.mkdtempSync('/tmp/meshdeck-license-');
    const file = path.join(dir, 'license.txt');
    const valid = signLicense(licensePayload(), keys.privateKey);
    fs.writeFileSync(file, `${valid}\n`);
    server = await startTestServer({ ...proLicenseEnv(keys.publicKeyPem), LICENSE_FILE: file });
    expect((await status(server)).license_error).toBe('');
    const token = await createSuperAdminAndLogin(server);

    fs.writeFileSync(
      file,
      signLicense(licensePayload({ expires_at: '2026-01-31T00:00:00Z' }), keys.privateKey),
    );
    const refused = await server.request('POST', '/api/v1/server/license/validation', { token });
    expect(refused).toMatchObject({ status: 403, body: { Message: 'license expired on 2026-01-31' } });
    expect((await status(server)).license_error).toBe('license expired on 2026-01-31');

    fs.writeFileSync(file, valid);
    const accepted = await server.request('POST', '/api/v1/server/license/validation', { token });
    expect(accepted).toMatchObject({
      status: 200,
      body: { Code: 200, Message: 'license is valid', Response: { license_error: '', is_pro: true } },
    });
    expect((await server.request('GET', '/api/networks', { token })).status).toBe(200);

    fs.rmSync(file);
    const missing = await server.request('POST', '/api/v1/server/license/validation', { token });
    expect(missing).toMatchObject({
      status: 403,
      body: { Message: 'license file cannot be read (see the server log)' },
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('Licence limits', () => {
  const limited = (limits: Record<string, number | null>) =>
    proLicenseEnv(keys.publicKeyPem, signLicense(licensePayload({ limits }), keys.privateKey));

  it('-> POST /api/networks beyond the networks limit answers 403 naming the limit, and creates nothing', async () => {
    server = await startTestServer(limited({ networks: 1 }));
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'first');
    const second = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'second', addressrange: '10.102.0.0/24' },
    });
    expect(second.status).toBe(403);
    expect(second.body.Message).toMatch(/license limit reached: this license allows at most 1 networks/);
    const list = await server.request<{ netid: string }[]>('GET', '/api/networks', { token });
    expect(list.body.map((n) => n.netid)).toEqual(['first']);
    // A bad body is still a 400 naming its field, not the limit.
    const bad = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'x', addressrange: 'nope' },
    });
    expect(bad.status).toBe(400);
  });

  it('-> POST /api/users/{username} beyond the users limit answers 403 naming the limit', async () => {
    server = await startTestServer(limited({ users: 2 }));
    const token = await createSuperAdminAndLogin(server);
    const user = (username: string) =>
      server!.request('POST', `/api/users/${username}`, {
        token,
        body: { username, password: 'password-123', platform_role_id: 'admin' },
      });
    expect((await user('second')).status).toBe(200);
    const third = await user('third');
    expect(third.status).toBe(403);
    expect(third.body.Message).toMatch(/at most 2 users/);
    expect((await server.request('GET', '/api/users/third', { token })).status).not.toBe(200);
    await login(server, 'second', 'password-123');
    // At the limit no one more is invited either (an invited SSO user is created at its first sign-in).
    const invite = await server.request('POST', '/api/v1/users/invite', {
      token,
      body: { user_emails: ['new@example.com'], platform_role_id: 'platform-user' },
    });
    expect(invite.status).toBe(403);
    expect(invite.body.Message).toMatch(/at most 2 users/);
  });

  it('-> a host joining beyond the hosts limit answers 403 naming the limit; the registered host may register again', async () => {
    server = await startTestServer(limited({ hosts: 1 }));
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office');
    const key = await createKey(server, token, { networks: ['office'], tags: ['licence-key'] });
    const first = hostBody('first-host');
    await registerHost(server, key.token, first);
    const second = await server.request('POST', `/api/v1/host/register/${key.token}`, {
      body: hostBody('second-host').body,
    });
    expect(second.status).toBe(403);
    expect(second.body.Message).toMatch(/at most 1 hosts/);
    await registerHost(server, key.token, first);
    const hosts = await server.request<unknown[]>('GET', '/api/hosts', { token });
    expect(hosts.body).toHaveLength(1);
  });
});
