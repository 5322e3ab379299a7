import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle, repoRoot } from './agent-bundle.ts';
import { stunResponder } from './stun-responder.ts';

interface Host {
  name: string;
  endpointip: string;
  nat_type: string;
  isstatic: boolean;
  isstaticport: boolean;
  listenport: number;
}

let server: TestServer;
let token: string;
let joinToken: string;
let stateDir: string;
const children: ChildProcess[] = [];
let output = '';
let closeStun: (() => void) | undefined;

const hostNamed = async (name: string) =>
  (await server.request<Host[]>('GET', '/api/hosts', { token })).body.find((h) => h.name === name);
const lastCheckIn = async (name: string) => {
  const host = (
    await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })
  ).body.find((h) => h.name === name);
  return (
    (
      await server.request<{ hostid: string; lastcheckin: number }[]>('GET', '/api/nodes/edge', { token })
    ).body.find((n) => n.hostid === host?.id)?.lastcheckin ?? 0
  );
};

function startAgent(name: string, extra: string[]): void {
  const args = [
    agentBundle(),
    'join',
    '--server',
    server.url,
    '--token',
    joinToken,
    '--state-dir',
    path.join(stateDir, name),
    '--name',
    name,
    '--dry-run',
    '--check-in-seconds',
    '1',
    ...extra,
  ];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
}

beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'edge', { addressrange: '10.41.0.0/24' });
  joinToken = (await createKey(server, token, { tags: ['edge-agents'], networks: ['edge'] })).token;
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-endpoint-'));
  output = '';
}, 60_000);
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
  closeStun?.();
  closeStun = undefined;
  await server.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('meshdeck-agent endpoint discovery', () => {
  it('-> with --stun, the agent reports the STUN-mapped address as its endpoint and behind_nat, and the server keeps it', async () => {
    const stun = await stunResponder({ address: '198.51.100.20', port: 40000 });
    closeStun = stun.close;
    startAgent('stunned', ['--stun', `127.0.0.1:${stun.port}`]);
    await vi.waitFor(
      async () =>
        expect(await hostNamed('stunned')).toMatchObject({
          endpointip: '198.51.100.20',
          nat_type: 'behind_nat',
          isstatic: false,
        }),
      { timeout: 20_000, interval: 200 },
    );
    expect(stun.requests).toBeGreaterThan(0);
  }, 40_000);

  it('-> with --endpoint and --port, the host is static: check-ins never replace the endpoint and the port stays', async () => {
    startAgent('fixed', ['--endpoint', '192.0.2.44', '--port', '51900']);
    await vi.waitFor(async () => expect(await lastCheckIn('fixed')).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 200,
    });
    const first = await lastCheckIn('fixed');
    await vi.waitFor(async () => expect(await lastCheckIn('fixed')).toBeGreaterThan(first), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await hostNamed('fixed')).toMatchObject({
      endpointip: '192.0.2.44',
      isstatic: true,
      isstaticport: true,
      listenport: 51900,
    });
  }, 40_000);

  it('-> when the STUN server does not answer, the agent registers and checks in with its local address and logs the STUN failure', async () => {
    startAgent('unanswered', ['--stun', '127.0.0.1:9']);
    await vi.waitFor(async () => expect(await lastCheckIn('unanswered')).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 200,
    });
    expect(await hostNamed('unanswered')).toMatchObject({ endpointip: '127.0.0.1', nat_type: '' });
    expect(output).toContain('STUN 127.0.0.1:9: no answer after 3 requests');
  }, 40_000);
});
