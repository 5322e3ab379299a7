import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { SCALE_HOSTS, SCALE_LIST_ROWS } from './e2e/scale-helpers.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '..', '..');
const port = Number(process.env.E2E_PORT ?? 18080);
/** A second server with EDITION=pro, for what only Pro shows (sidebar items, roles, RAC download). */
const proPort = Number(process.env.E2E_PRO_PORT ?? port + 1);
/**
 * A third server seeded before it starts with 10,000 hosts in network "scale" and 10,000 of each other listed
 * object (networks, enrollment keys, DNS entries, users, activity), for the *.scale.spec.ts lists.
 */
const scalePort = Number(process.env.E2E_SCALE_PORT ?? port + 2);
/** A real OpenID provider the Pro server is configured with (OIDC_* env), for the single sign-on spec. */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 3);
const oidcClientSecret = 'meshdeck-e2e-secret';
const startServer = (serverPort: number, edition: 'community' | 'pro', env: Record<string, string> = {}) => ({
  command: 'node ../../scripts/e2e-server.mjs',
  cwd: webDir,
  url: `http://127.0.0.1:${serverPort}/api/server/status`,
  env: { E2E_PORT: String(serverPort), EDITION: edition, ...env },
  // A reused server may already have a super admin, which breaks the first-run spec: always start fresh.
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});

/**
 * Browser tests against the built console served by the real server on a fresh data directory
 * (CONVENTIONS §5), the compiled server as `npm start` runs it. Build first: `npm run build` (`npm run test:e2e`
 * does). The first-run project creates the super admin, which a server allows once, so every other spec
 * depends on it and runs after it.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Limits on waiting, not speed checks: in CI the browser tests share the 2-core machine with the PostgreSQL API
  // pass (decision 068).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'test-results', 'e2e.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // The system Chromium: the project never downloads browsers.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 156 loads its own omnibox popup (a WebUI page, in a renderer of its own) for every new headless
        // window: 1.5-1.9 s of CPU per test context on a 2-core machine, for a page no test looks at.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  projects: [
    { name: 'first-run', testMatch: /first-run\.spec\.ts$/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'console',
      testIgnore: [
        /first-run\.spec\.ts$/,
        /first-hour\.spec\.ts$/,
        /licence\.spec\.ts$/,
        /hosted\.spec\.ts$/,
        /loading\.spec\.ts$/,
        /\.pro\.spec\.ts$/,
        /\.scale\.spec\.ts$/,
        /node-status\.spec\.ts$/,
      ],
      dependencies: ['first-run'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Pro specs create their own super admin on the Pro server, so they depend on nothing.
    {
      name: 'pro',
      testMatch: /\.pro\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${proPort}` },
    },
    // The first hour of a new administrator starts each viewport on a fresh Pro server of its own, which the spec
    // starts itself (scripts/e2e-server.mjs on E2E_PORT + 4 and + 5): its first step creates the first admin.
    {
      name: 'first-hour',
      testMatch: /first-hour\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // Editions and licence: a licensed Pro server and one whose trial ended, each started by the spec itself
    // (scripts/e2e-server.mjs on E2E_PORT + 6 and + 7, with LICENSE_* or E2E_TRIAL_STARTED_DAYS_AGO).
    {
      name: 'licence',
      testMatch: /licence\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // Loading, empty and the shell's guesses under held answers, and the add-device wizard from every entry point,
    // on a licensed Pro server the spec starts itself (scripts/e2e-server.mjs on E2E_PORT + 12).
    {
      name: 'loading',
      testMatch: /loading\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // The upgrade check against a local release feed and a hosted start, each on a server the spec starts itself
    // (scripts/e2e-server.mjs on E2E_PORT + 8 and + 9).
    {
      name: 'hosted',
      testMatch: /hosted\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // Node status with a real agent in a network namespace, on a server of its own (E2E_PORT + 10) listening on the
    // namespace lab's bridge with short status thresholds (decision 050).
    {
      name: 'node-status',
      testMatch: /node-status\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // Scale specs create their own super admin on the seeded server, so they depend on nothing.
    {
      name: 'scale',
      testMatch: /\.scale\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${scalePort}` },
    },
  ],
  webServer: [
    {
      command: 'node ../../scripts/e2e-oidc-provider.mjs',
      cwd: webDir,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      env: {
        E2E_OIDC_PORT: String(oidcPort),
        E2E_OIDC_REDIRECT_URI: `http://127.0.0.1:${proPort}/api/oauth/callback`,
        E2E_OIDC_CLIENT_SECRET: oidcClientSecret,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    },
    startServer(port, 'community'),
    startServer(proPort, 'pro', {
      OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      OIDC_CLIENT_ID: 'meshdeck',
      OIDC_CLIENT_SECRET: oidcClientSecret,
    }),
    startServer(scalePort, 'community', {
      E2E_SEED_HOSTS: String(SCALE_HOSTS),
      E2E_SEED_LISTS: String(SCALE_LIST_ROWS),
    }),
  ],
});
