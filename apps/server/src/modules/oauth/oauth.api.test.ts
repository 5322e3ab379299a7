import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createSuperAdminAndLogin } from '../../../test/factories.ts';

let server: TestServer | undefined;
let idp: Server | undefined;
afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (idp ? idp.close(() => resolve()) : resolve()));
  server = undefined;
  idp = undefined;
});

/**
 * A real OpenID provider (oidc-provider with its development login pages) on a loopback port. The provider
 * itself is created once the Meshdeck server's URL, its redirect target, is known.
 */
async function startProvider(): Promise<{ issuer: string; attach: (meshdeckUrl: string) => void }> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  idp = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => idp!.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  return {
    issuer,
    attach(meshdeckUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: 'meshdeck',
            client_secret: 'meshdeck-secret',
            redirect_uris: [`${meshdeckUrl}/api/oauth/callback`],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => ({ sub: `sub-${id}`, email: id, email_verified: true }),
        }),
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['test-cookie-key'] },
      });
      handler = provider.callback();
    },
  };
}

/** Plays the browser: follows redirects with a cookie jar per host and fills the provider's login and consent pages. */
async function signInThroughProvider(meshdeckUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const cookies = jar.get(url.host) ?? new Map<string, string>();
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name.trim(), value);
    }
    jar.set(url.host, cookies);
    return response;
  };
  let url = new URL('/api/oauth/login', meshdeckUrl);
  for (let step = 0; step < 20; step += 1) {
    if (url.href.startsWith(`${meshdeckUrl}/login`)) return url;
    let response = await send(url);
    if (url.pathname.startsWith('/interaction/') && response.status === 200) {
      const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1] ?? '';
      const body = new URLSearchParams(
        prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt },
      );
      response = await send(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`no redirect from ${url.href}: ${response.status} ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

describe('single sign-on with OpenID Connect', () => {
  it('-> a sign-in without an invite becomes pending; once approved, signing in again logs the user in', async () => {
    const provider = await startProvider();
    server = await startTestServer({
      EDITION: 'pro',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'meshdeck',
      OIDC_CLIENT_SECRET: 'meshdeck-secret',
    });
    provider.attach(server.url);
    const token = await createSuperAdminAndLogin(server);

    const first = await signInThroughProvider(server.url, 'sam@example.com');
    expect(first.searchParams.get('sso')).toBe('pending');
    expect(
      ((await server.request('GET', '/api/users_pending', { token })).body as { username: string }[]).map(
        (u) => u.username,
      ),
    ).toEqual(['sam@example.com']);
    expect((await server.request('POST', '/api/users_pending/user/sam@example.com', { token })).status).toBe(
      200,
    );

    const second = await signInThroughProvider(server.url, 'sam@example.com');
    expect(second.searchParams.get('user')).toBe('sam@example.com');
    const session = second.searchParams.get('login')!;
    const me = await server.request('GET', '/api/v1/users?username=sam@example.com', { token: session });
    expect(me.status).toBe(200);
    expect(me.body.Response).toMatchObject({
      username: 'sam@example.com',
      auth_type: 'oauth',
      platform_role_id: 'service-user',
    });
    // An SSO user has no usable password.
    expect(
      (
        await server.request('POST', '/api/users/adm/authenticate', {
          body: { username: 'sam@example.com', password: 'any' },
        })
      ).status,
    ).toBe(401);
  });

  it('-> an invited email is created from its invite at the first sign-in; a domain outside OIDC_ALLOWED_DOMAINS is refused', async () => {
    const provider = await startProvider();
    server = await startTestServer({
      EDITION: 'pro',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'meshdeck',
      OIDC_CLIENT_SECRET: 'meshdeck-secret',
      OIDC_ALLOWED_DOMAINS: 'example.com',
    });
    provider.attach(server.url);
    const token = await createSuperAdminAndLogin(server);
    await server.request('POST', '/api/v1/users/invite', {
      token,
      body: { user_emails: ['tia@example.com'], platform_role_id: 'platform-user' },
    });
    const invited = await signInThroughProvider(server.url, 'tia@example.com');
    expect(invited.searchParams.get('user')).toBe('tia@example.com');
    expect((await server.request('GET', '/api/users/tia@example.com', { token })).body).toMatchObject({
      platform_role_id: 'platform-user',
      auth_type: 'oauth',
    });
    expect((await server.request('GET', '/api/v1/users/invites', { token })).body.Response).toEqual([]);

    const outsider = await signInThroughProvider(server.url, 'mallory@evil.test');
    expect(outsider.searchParams.get('sso_error')).toBe('email domain evil.test is not allowed');
    expect((await server.request('GET', '/api/users_pending', { token })).body).toEqual([]);
  });

  it('-> a callback that this browser did not start is refused with 400; without OIDC configured, login is 404 and the status names no provider', async () => {
    const provider = await startProvider();
    server = await startTestServer({
      EDITION: 'pro',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'meshdeck',
      OIDC_CLIENT_SECRET: 'meshdeck-secret',
    });
    provider.attach(server.url);
    const forged = await server.request('GET', '/api/oauth/callback?state=forged&code=abc');
    expect(forged.status).toBe(400);
    expect(forged.body.Message).toContain('sign in again');
    const plain = await startTestServer({ EDITION: 'pro' });
    const missing = await plain.request('GET', '/api/oauth/login');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toContain('OIDC_ISSUER');
    // The public status tells the sign-in page whether to offer SSO.
    expect((await server.request('GET', '/api/server/status')).body.auth_provider).toBe('oidc');
    expect((await plain.request('GET', '/api/server/status')).body.auth_provider).toBe('');
    await plain.close();
  });
});
