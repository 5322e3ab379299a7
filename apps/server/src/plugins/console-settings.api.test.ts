import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A built console of one page, enough to see what the server writes into it. */
function consoleDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-console-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Meshdeck</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

/** The JSON of the page's meshdeck-console meta element, unescaped as a browser would. */
function settingsOf(html: string): unknown {
  const content = /<meta name="meshdeck-console" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) throw new Error('no meshdeck-console meta element');
  return JSON.parse(content.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))));
}

const WIDGETS = {
  SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.test/widget/app-1',
  SUPPORT_CHAT_APP_ID: 'app-1',
  SUPPORT_CHAT_HOSTED_HOST: 'Console.Example.Test',
  ANALYTICS_SCRIPT_URL: 'https://cdn.analytics.example.test/static/array.js',
  ANALYTICS_KEY: 'public-key-1',
  ANALYTICS_API_URL: 'https://eu.analytics.example.test/',
};

describe('console runtime settings and the CSP', () => {
  it('when nothing is configured, then the page says self-hosted with no widgets and the CSP allows only this server', async () => {
    server = await startTestServer({ CONSOLE_DIR: consoleDir() });
    const response = await fetch(`${server.url}/`);
    const html = await response.text();
    expect(settingsOf(html)).toEqual({
      hosted: false,
      account_site_url: '',
      support_chat: null,
      analytics: null,
      bug_tracker_url: '',
    });
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['frame-src']).toBeUndefined();
  });

  it('when support chat and analytics are configured, then the CSP allows exactly their origins and the page carries them', async () => {
    server = await startTestServer({ CONSOLE_DIR: consoleDir(), ...WIDGETS });
    const response = await fetch(`${server.url}/networks`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://chat.example.test',
      'https://cdn.analytics.example.test',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://chat.example.test',
      'https://eu.analytics.example.test',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://chat.example.test']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://chat.example.test']);
    expect(csp['default-src']).toEqual(["'self'"]);
    // API answers carry the same policy: one policy for every answer of the server.
    const api = await fetch(`${server.url}/api/server/health`);
    expect(directives(api.headers.get('content-security-policy'))['script-src']).toEqual(csp['script-src']);
    expect(settingsOf(await response.text())).toEqual({
      hosted: false,
      account_site_url: '',
      support_chat: {
        script_url: 'https://chat.example.test/widget/app-1',
        app_id: 'app-1',
        hosted_host: 'console.example.test',
      },
      analytics: {
        script_url: 'https://cdn.analytics.example.test/static/array.js',
        key: 'public-key-1',
        api_url: 'https://eu.analytics.example.test',
      },
      bug_tracker_url: '',
    });
  });

  it("when BUG_TRACKER_URL is set, then the page carries it for the crash screen's bug report", async () => {
    server = await startTestServer({
      CONSOLE_DIR: consoleDir(),
      BUG_TRACKER_URL: 'https://git.example.test/ops/meshdeck/issues/',
    });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(settingsOf(html)).toMatchObject({
      bug_tracker_url: 'https://git.example.test/ops/meshdeck/issues',
    });
  });

  it('when hosted, then every route under the UI-version prefix gets the page, which says hosted with the account site', async () => {
    server = await startTestServer({
      CONSOLE_DIR: consoleDir(),
      HOSTED: 'true',
      ACCOUNT_SITE_URL: 'https://account.example.test/',
    });
    for (const url of ['/v0.30.0', '/v0.30.0/', '/v0.30.0/dashboard', '/v0.30.0/networks/net.one/nodes']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(settingsOf(await response.text()), url).toMatchObject({
        hosted: true,
        account_site_url: 'https://account.example.test',
      });
    }
    // A file name under the prefix is still a file: missing, it is a 404, not the page.
    expect((await fetch(`${server.url}/v0.30.0/missing.js`)).status).toBe(404);
  });

  it('when hosted with tenant servers elsewhere, then the CSP lets the console call exactly those origins', async () => {
    server = await startTestServer({
      CONSOLE_DIR: consoleDir(),
      HOSTED: 'true',
      HOSTED_BACKEND_ORIGINS: 'https://*.tenants.example.test, https://api.example.test:8443/',
    });
    const response = await fetch(`${server.url}/v0.30.0/dashboard`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://*.tenants.example.test',
      'https://api.example.test:8443',
    ]);
    expect(csp['script-src']).toEqual(["'self'"]);
    await server.close();
    // Self-hosted consoles call only their own server, whatever the variable says.
    server = await startTestServer({
      CONSOLE_DIR: consoleDir(),
      HOSTED_BACKEND_ORIGINS: 'https://api.example.test',
    });
    const selfHosted = await fetch(`${server.url}/`);
    expect(directives(selfHosted.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'"]);
    await expect(
      startTestServer({ HOSTED: 'true', HOSTED_BACKEND_ORIGINS: 'ftp://files.example.test' }),
    ).rejects.toThrow(/HOSTED_BACKEND_ORIGINS: must be a comma list of origins/);
  });

  it('when a configured value holds markup, then it is escaped inside the attribute and adds no element', async () => {
    server = await startTestServer({
      CONSOLE_DIR: consoleDir(),
      ...WIDGETS,
      SUPPORT_CHAT_APP_ID: '"><script>alert(1)</script>',
    });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toContain('<script>');
    expect(settingsOf(html)).toMatchObject({ support_chat: { app_id: '"><script>alert(1)</script>' } });
  });

  it('when a widget is half configured or its URL is not http(s), then the server refuses to start and says which', async () => {
    await expect(
      startTestServer({ SUPPORT_CHAT_SCRIPT_URL: WIDGETS.SUPPORT_CHAT_SCRIPT_URL }),
    ).rejects.toThrow('SUPPORT_CHAT_SCRIPT_URL and SUPPORT_CHAT_APP_ID must be set together');
    await expect(startTestServer({ ANALYTICS_SCRIPT_URL: WIDGETS.ANALYTICS_SCRIPT_URL })).rejects.toThrow(
      'ANALYTICS_SCRIPT_URL and ANALYTICS_KEY must be set together',
    );
    await expect(
      startTestServer({ SUPPORT_CHAT_SCRIPT_URL: 'javascript:alert(1)', SUPPORT_CHAT_APP_ID: 'x' }),
    ).rejects.toThrow(/SUPPORT_CHAT_SCRIPT_URL: must be a URL starting with http:\/\/ or https:\/\//);
    await expect(startTestServer({ HOSTED: 'yes' })).rejects.toThrow(/HOSTED: must be "true" or "false"/);
  });
});
