import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle, repoRoot } from './agent-bundle.ts';

let server: TestServer;
let token: string;
let workDir: string;
let served: string;
let installed: string;
let agent: ChildProcess | undefined;
let output = '';
let hostId = '';

/** Puts a build where the server serves agents, with its SHA-256 (or a wrong one). */
function serve(bundle: string, checksum = createHash('sha256').update(bundle).digest('hex')): void {
  fs.writeFileSync(path.join(served, 'meshdeck-agent.mjs'), bundle);
  fs.writeFileSync(path.join(served, 'meshdeck-agent.mjs.sha256'), `${checksum}  meshdeck-agent.mjs\n`);
}
const version = async () =>
  (await server.request<{ id: string; version: string }[]>('GET', '/api/hosts', { token })).body.find(
    (h) => h.id === hostId,
  )?.version;
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 40_000, interval: 200 });
const upgrade = async () =>
  expect((await server.request('PUT', `/api/hosts/${hostId}/upgrade`, { token })).status).toBe(200);

beforeAll(async () => {
  const original = fs.readFileSync(agentBundle(), 'utf8');
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-upgrade-'));
  served = path.join(workDir, 'served');
  fs.mkdirSync(served);
  installed = path.join(workDir, 'installed', 'meshdeck-agent.mjs');
  fs.mkdirSync(path.dirname(installed));
  fs.writeFileSync(installed, original, { mode: 0o755 });
  serve(original.replaceAll('v0.30.0', 'v0.30.1'));
  server = await startTestServer({ AGENT_DIR: served });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'fleet', { addressrange: '10.42.0.0/24' });
  const key = await createKey(server, token, { tags: ['upgraders'], networks: ['fleet'] });
  const stateDir = path.join(workDir, 'state');
  agent = spawn(
    process.execPath,
    [
      installed,
      'join',
      '--server',
      server.url,
      '--token',
      key.token,
      '--state-dir',
      stateDir,
      '--dry-run',
      '--check-in-seconds',
      '1',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agent.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  agent.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(() => expect(fs.existsSync(path.join(stateDir, 'state.json'))).toBe(true));
  hostId = (JSON.parse(fs.readFileSync(path.join(stateDir, 'state.json'), 'utf8')) as { hostId: string })
    .hostId;
  await waitFor(() => expect(server.app.meshdeck.broker.isAgentConnected(hostId)).toBe(true));
}, 90_000);

afterAll(async () => {
  if (agent?.exitCode === null) agent.kill('SIGTERM');
  // The upgraded agent is a process of its own; its pid is in the log.
  for (const match of output.matchAll(/the new agent runs as pid (\d+)/g)) {
    try {
      process.kill(Number(match[1]), 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await server?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('PUT /api/hosts/{id}/upgrade -> the agent upgrades itself', () => {
  it('-> with a newer build served, the agent verifies it, restarts into it and reports the new version', async () => {
    expect(await version()).toBe('v0.30.0');
    await upgrade();
    await waitFor(async () => expect(`${await version()}`, output.slice(-3000)).toBe('v0.30.1'));
    expect(output).toContain('upgrade: downloaded v0.30.1, checksum verified');
    expect(fs.readFileSync(installed, 'utf8')).toContain('v0.30.1');
    expect(fs.readFileSync(`${installed}.previous`, 'utf8')).toContain('v0.30.0');
    // The old agent leaves; then the broker session is the new agent's own (messages before it are not kept).
    await waitFor(() => expect(agent?.exitCode).toBe(0));
    await waitFor(() => expect(server.app.meshdeck.broker.isAgentConnected(hostId)).toBe(true));
  }, 60_000);

  it('-> with a build whose checksum does not match, the agent refuses it and keeps running', async () => {
    serve('console.log("v9.9.9")\n', 'f'.repeat(64));
    const before = fs.readFileSync(installed, 'utf8');
    await upgrade();
    await waitFor(() => expect(output).toContain('does not match its SHA-256'));
    expect(fs.readFileSync(installed, 'utf8')).toBe(before);
  }, 60_000);

  it('-> with a build that answers --version but crashes when it runs, the previous build is put back and keeps running', async () => {
    const current = fs.readFileSync(installed, 'utf8');
    const [shebang, ...rest] = current.replaceAll('v0.30.1', 'v0.30.2').split('\n');
    serve(
      [shebang, 'if (process.argv.includes("run")) throw new Error("crash on start");', ...rest].join('\n'),
    );
    await upgrade();
    await waitFor(() => expect(output).toContain('the previous build is back'));
    expect(fs.readFileSync(installed, 'utf8')).toBe(current);
    expect(await version()).toBe('v0.30.1');
    await waitFor(() => expect(server.app.meshdeck.broker.isAgentConnected(hostId)).toBe(true));
  }, 60_000);

  it('-> with a broken build (it does not start), the agent stays on its build and keeps checking in', async () => {
    serve('throw new Error("broken build");\n');
    const before = fs.readFileSync(installed, 'utf8');
    await upgrade();
    await waitFor(() => expect(output).toContain('the new build does not start'));
    expect(fs.readFileSync(installed, 'utf8')).toBe(before);
    expect(fs.existsSync(installed.replace(/\.mjs$/, '.new.mjs'))).toBe(false);
    expect(await version()).toBe('v0.30.1');
    await waitFor(() => expect(server.app.meshdeck.broker.isAgentConnected(hostId)).toBe(true));
  }, 60_000);

  it("-> with autoupdate switched on in the console, the agent follows the server's newer build without an upgrade request", async () => {
    serve(fs.readFileSync(installed, 'utf8').replaceAll('v0.30.1', 'v0.30.3'));
    const host = (await server.request<Record<string, unknown>[]>('GET', '/api/hosts', { token })).body.find(
      (h) => h.id === hostId,
    )!;
    expect(
      (await server.request('PUT', `/api/hosts/${hostId}`, { token, body: { ...host, autoupdate: true } }))
        .status,
    ).toBe(200);
    await waitFor(async () => expect(await version()).toBe('v0.30.3'));
  }, 60_000);
});
