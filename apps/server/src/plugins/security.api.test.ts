import { afterEach, describe, expect, it } from 'vitest';
import { createKey, hostBody } from '../../test/device-factories.ts';
import { ADMIN, createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const wrongLogin = (s: TestServer, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/users/adm/authenticate', {
    body: { username: ADMIN.username, password: 'not-the-password' },
    headers,
  });

describe('rate limits and TRUST_PROXY', () => {
  it('-> with TRUST_PROXY unset, a forged X-Forwarded-For does not reset the login limit', async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await wrongLogin(server)).status).toBe(401);
    const forged = await wrongLogin(server, { 'x-forwarded-for': '198.51.100.7' });
    expect(forged.status).toBe(429);
    expect((await wrongLogin(server, { 'x-forwarded-for': '203.0.113.99, 198.51.100.8' })).status).toBe(429);
  });

  it('-> with TRUST_PROXY naming the proxy, each forwarded client gets its own login budget', async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    const first = { 'x-forwarded-for': '198.51.100.1' };
    expect((await wrongLogin(server, first)).status).toBe(401);
    expect((await wrongLogin(server, first)).status).toBe(401);
    expect((await wrongLogin(server, first)).status).toBe(429);
    expect((await wrongLogin(server, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(401);
  });

  it('-> POST /api/hosts/adm/authenticate is throttled per client address (argon2 per call)', async () => {
    server = await startTestServer({ HOST_AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const attempt = () =>
      server!.request('POST', '/api/hosts/adm/authenticate', {
        body: { id: '00000000-0000-4000-8000-000000000000', password: 'guess-guess' },
      });
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).toBe(429);
  });

  it('-> POST /api/users/adm/createsuperadmin is throttled like login', async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const attempt = () =>
      server!.request('POST', '/api/users/adm/createsuperadmin', { body: { username: 'x' } });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
  });

  it('-> POST /api/v1/host/register/{token} is throttled per client address', async () => {
    server = await startTestServer({ REGISTER_RATE_LIMIT_PER_MINUTE: '2' });
    const attempt = () =>
      server!.request('POST', '/api/v1/host/register/not-a-token', { body: hostBody('h').body });
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).toBe(429);
  });
});

describe('CORS and security headers', () => {
  it('-> by default, answers a cross-origin request without any CORS header', async () => {
    server = await startTestServer();
    const response = await server.request('GET', '/api/server/status', {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/server/status`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('-> with CORS_ALLOWED_ORIGIN, allows exactly the listed origins', async () => {
    server = await startTestServer({ CORS_ALLOWED_ORIGIN: 'https://console.example.com' });
    const allowed = await server.request('GET', '/api/server/status', {
      headers: { origin: 'https://console.example.com' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
    const other = await server.request('GET', '/api/server/status', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['an API answer', '/api/server/status'],
    ['an unknown API route', '/api/nothing-here'],
    ['an error', '/api/hosts'],
  ])('-> on %s, sends CSP with frame-ancestors none, nosniff and a referrer policy', async (_label, url) => {
    server = await startTestServer();
    const { headers } = await server.request('GET', url);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('answers carrying tokens or keys', () => {
  it('-> enrollment keys, host registration and host authentication send Cache-Control: no-store', async () => {
    server = await startTestServer();
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office');
    const key = await createKey(server, token, { networks: ['office'], tags: ['first'] });
    const keys = await server.request('GET', '/api/v1/enrollment-keys', { token });
    expect(keys.headers.get('cache-control')).toBe('no-store');
    const created = await server.request('POST', '/api/v1/enrollment-keys', {
      token,
      body: { unlimited: true, networks: ['office'], tags: ['second'] },
    });
    expect(created.headers.get('cache-control')).toBe('no-store');
    const host = hostBody('alpha');
    const register = await server.request('POST', `/api/v1/host/register/${encodeURIComponent(key.token)}`, {
      body: host.body,
    });
    expect(register.headers.get('cache-control')).toBe('no-store');
    const auth = await server.request('POST', '/api/hosts/adm/authenticate', {
      body: { id: host.id, password: host.hostpass },
    });
    expect(auth.status).toBe(200);
    expect(auth.headers.get('cache-control')).toBe('no-store');
    const pull = await server.request('GET', '/api/v1/host', {
      token: (auth.body as { Response: { AuthToken: string } }).Response.AuthToken,
    });
    expect(pull.headers.get('cache-control')).toBe('no-store');
  });
});

describe('master key', () => {
  it('-> the exact key is accepted; a key differing in length or in one character is refused', async () => {
    const masterKey = 'm'.repeat(31) + 'K';
    server = await startTestServer({ MASTER_KEY: masterKey });
    expect((await server.request('GET', '/api/users', { token: masterKey })).status).toBe(200);
    expect((await server.request('GET', '/api/users', { token: `${masterKey}x` })).status).toBe(401);
    expect((await server.request('GET', '/api/users', { token: 'm'.repeat(32) })).status).toBe(401);
  });
});
