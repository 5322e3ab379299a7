import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKey, hostBody, registerHost } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle, repoRoot } from './agent-bundle.ts';

let cli: string[];
beforeAll(() => {
  cli = [agentBundle()];
}, 60_000);

/** Runs the CLI to completion without blocking: the server under test lives in this same process. */
function runCli(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const run = spawn(process.execPath, [...cli, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    run.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    run.on('close', (status) => resolve({ status, stderr }));
  });
}

let server: TestServer;
let token: string;
let stateDir: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.30.0.0/24' });
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-agent-'));
});
afterEach(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  child = undefined;
  await server.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('meshdeck-agent join --dry-run, then leave', () => {
  it('-> registers, saves its state 0600, prints the wg config with its peer, and leave deletes the host', async () => {
    const key = await createKey(server, token, { tags: ['agents'], networks: ['office'] });
    const other = hostBody('other', { endpointip: '127.0.0.9' });
    await registerHost(server, key.token, other);
    const args = [
      ...cli,
      'join',
      '--server',
      server.url,
      '--token',
      key.token,
      '--state-dir',
      stateDir,
      '--name',
      'dry',
      '--dry-run',
    ];
    child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await vi.waitFor(() => expect(output).toContain(`PublicKey = ${other.publickey}`), {
      timeout: 20_000,
      interval: 100,
    });
    expect(output).toContain('# meshdeck: addresses 10.30.0.2/24');
    expect(output).toContain(
      `PublicKey = ${other.publickey}\nAllowedIPs = 10.30.0.1/32\nEndpoint = 127.0.0.9:51821`,
    );
    const stateFile = path.join(stateDir, 'state.json');
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toMatchObject({
      name: 'dry',
      server: server.url,
      interfaceName: 'meshdeck',
    });

    child.kill('SIGTERM');
    const left = await runCli(['leave', '--state-dir', stateDir, '--dry-run']);
    expect(left.stderr).toContain('removed from the server');
    expect(left.status).toBe(0);
    const hosts = (await server.request<{ name: string }[]>('GET', '/api/hosts', { token })).body;
    expect(hosts.map((h) => h.name)).toEqual(['other']);
    expect(fs.existsSync(stateFile)).toBe(false);
  }, 40_000);

  it("-> with a bad token, exits 1 with the server's message", async () => {
    const result = await runCli([
      'join',
      '--server',
      server.url,
      '--token',
      'bm9wZQ==',
      '--state-dir',
      stateDir,
      '--dry-run',
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('400 invalid enrollment key');
  });
});
