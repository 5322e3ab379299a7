import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { AGENT_VERSION } from '../src/system-info.ts';
import { repoRoot } from './agent-bundle.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason } from './netns.ts';

const agentDir = path.join(repoRoot, 'packages', 'agent');
const binary = path.join(agentDir, 'dist', 'meshdeck-agent-linux-x64');
// The x64 executable is built from the pinned x64 Node; arm64 needs a first download and is built by the script.
const buildSkipReason =
  process.platform === 'linux' && process.arch === 'x64'
    ? undefined
    : 'builds the linux-x64 executable on linux-x64 only';
/** An empty directory as PATH: no node (nor anything else) can be found through it. */
let emptyPath: string;

describe.skipIf(buildSkipReason !== undefined)(
  `meshdeck-agent single executable (linux-x64)${buildSkipReason ? `: skipped, ${buildSkipReason}` : ''}`,
  () => {
    beforeAll(() => {
      // Offline: x64 only (the arm64 Node comes from the registry); kept when its inputs did not change.
      execFileSync(process.execPath, [path.join(agentDir, 'build-binaries.mjs'), 'x64'], {
        cwd: agentDir,
        stdio: 'pipe',
      });
      emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-no-node-'));
    }, 240_000);
    afterAll(() => {
      if (emptyPath) fs.rmSync(emptyPath, { recursive: true, force: true });
    });

    it('-> runs with an empty environment and no Node.js on PATH, and prints its version', () => {
      const env = { PATH: emptyPath };
      expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
      const result = spawnSync(binary, ['version'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(`${AGENT_VERSION}\n`);
      expect(result.status).toBe(0);
    });

    it('-> GET /meshclient/files/meshdeck-agent-linux-x64 serves the executable and its .sha256 names its digest', async () => {
      const server = await startTestServer();
      try {
        const digest = createHash('sha256').update(fs.readFileSync(binary)).digest('hex');
        const sums = await fetch(`${server.url}/meshclient/files/meshdeck-agent-linux-x64.sha256`);
        expect(sums.status).toBe(200);
        expect(await sums.text()).toBe(`${digest}  meshdeck-agent-linux-x64\n`);
        const download = await fetch(`${server.url}/meshclient/files/meshdeck-agent-linux-x64`);
        expect(download.status).toBe(200);
        expect(
          createHash('sha256')
            .update(Buffer.from(await download.arrayBuffer()))
            .digest('hex'),
        ).toBe(digest);
      } finally {
        await server.close();
      }
    }, 60_000);
  },
);

const skipReason = buildSkipReason ?? dataPlaneSkipReason();
let server: TestServer;
let lab: MeshLab;

describe.skipIf(skipReason !== undefined)(
  `single executable in the data plane${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      execFileSync(process.execPath, [path.join(agentDir, 'build-binaries.mjs'), 'x64'], {
        cwd: agentDir,
        stdio: 'pipe',
      });
      lab = new MeshLab(947);
      lab.up(2);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
    }, 240_000);
    afterAll(async () => {
      lab?.down();
      await server?.close();
    }, 30_000);

    it('-> an agent run from the executable, with only ip, wg and wireguard-go on PATH, joins and pings an agent run from the bundle', async () => {
      const token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, 'sea', { addressrange: `10.246.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['sea-agents'], networks: ['sea'] });
      // The tools the agent drives, and nothing else: no node among them.
      const tools = path.join(lab.workDir, 'tools');
      fs.mkdirSync(tools);
      for (const tool of ['ip', 'wg', 'wireguard-go'])
        fs.symlinkSync(
          execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(),
          path.join(tools, tool),
        );
      const port = new URL(server.url).port;
      const single = lab.join(1, port, key.token, [], ['/usr/bin/env', '-i', `PATH=${tools}`, binary]);
      const bundled = lab.join(2, port, key.token);
      await lab.waitUntil(
        'each agent to have the other as its peer',
        () => lab.wgPeers(single).length === 1 && lab.wgPeers(bundled).length === 1,
      );
      const addresses = await lab.meshAddresses(server, token, 'sea');
      for (const [from, to] of [
        [single, bundled],
        [bundled, single],
      ] as [LabAgent, LabAgent][]) {
        await lab.waitUntil(`${from.name} to ping ${to.name}`, () =>
          lab.pings(from, addresses.get(to.name)!),
        );
      }
      const hosts = (
        await server.request<{ name: string; version: string }[]>('GET', '/api/hosts', { token })
      ).body;
      expect(hosts.find((h) => h.name === single.name)?.version).toBe(AGENT_VERSION);
    }, 120_000);
  },
);
