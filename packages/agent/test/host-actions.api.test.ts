import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason } from './netns.ts';

const skipReason = dataPlaneSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'actions';

let server: TestServer;
let token: string;
let lab: MeshLab;
let addresses: Map<string, string>;
const hostIdOf = async (agent: LabAgent): Promise<string> =>
  (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body.find(
    (h) => h.name === agent.name,
  )!.id;
const syncCount = (agent: LabAgent) => agent.log.join('').split('sync: pulled').length - 1;

/** `ping -i 0.2` running in the background; `stop()` ends it and returns how many echo requests were answered. */
function pingContinuously(
  from: LabAgent,
  address: string,
): { stop: () => Promise<{ sent: number; received: number }> } {
  const child = spawn('ip', ['netns', 'exec', from.ns, 'ping', '-i', '0.2', '-W', '1', address], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.on('close', () => {
          const match = /(\d+) packets transmitted, (\d+) received/.exec(output);
          resolve({ sent: Number(match?.[1] ?? 0), received: Number(match?.[2] ?? 0) });
        });
        child.kill('SIGINT');
      }),
  };
}

if (skipReason !== undefined && isCi) {
  describe('host actions on a live mesh', () => {
    it('-> runs in CI', () => {
      throw new Error(`the data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `host actions on a live mesh (3 agents in network namespaces)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(311);
      lab.up(3);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.252.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['lab-agents'], networks: [NETWORK] });
      for (let i = 1; i <= 3; i++) lab.join(i, new URL(server.url).port, key.token);
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((a) => lab.wgPeers(a).length === 2),
      );
      addresses = await lab.meshAddresses(server, token, NETWORK);
      for (const from of lab.agents) {
        for (const to of lab.agents.filter((a) => a !== from))
          await lab.waitUntil(`${from.name} to ping ${to.name}`, () =>
            lab.pings(from, addresses.get(to.name)!),
          );
      }
    }, 120_000);

    afterAll(async () => {
      lab?.down();
      await server?.close();
    }, 30_000);

    it('-> PUT /api/hosts/{id}/keys while pings run: the host gets a new key, every peer switches to it, pings to it return and pings between the others lose nothing', async () => {
      const [one, two, three] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const oldKey = lab.publicKeyOf(three);
      const between = pingContinuously(one, addresses.get(two.name)!);
      const toIt = pingContinuously(two, addresses.get(three.name)!);
      const started = Date.now();
      const response = await server.request('PUT', `/api/hosts/${await hostIdOf(three)}/keys`, { token });
      expect(response.status).toBe(200);
      await lab.waitUntil('a new key in the state file', () => lab.publicKeyOf(three) !== oldKey);
      const newKey = lab.publicKeyOf(three);
      await lab.waitUntil('both peers to use the new key', () =>
        [one, two].every((a) => lab.wgPeers(a).includes(newKey) && !lab.wgPeers(a).includes(oldKey)),
      );
      await lab.waitUntil(
        'pings to the rotated host',
        () => lab.pings(one, addresses.get(three.name)!) && lab.pings(three, addresses.get(two.name)!),
      );
      const recoveredMs = Date.now() - started;
      const [betweenResult, toItResult] = [await between.stop(), await toIt.stop()];
      console.log(
        `key refresh: connectivity back ${recoveredMs} ms after the request; pings between the others ${betweenResult.received}/${betweenResult.sent}, to the host ${toItResult.received}/${toItResult.sent}`,
      );
      expect(betweenResult.sent).toBeGreaterThan(0);
      expect(betweenResult.received).toBe(betweenResult.sent);
      const hosts = (
        await server.request<{ name: string; publickey: string }[]>('GET', '/api/hosts', { token })
      ).body;
      expect(hosts.find((h) => h.name === three.name)?.publickey).toBe(newKey);
    }, 90_000);

    it('-> PUT /api/hosts/keys: every host gets a new key and every pair pings again', async () => {
      const before = lab.agents.map((a) => lab.publicKeyOf(a));
      expect((await server.request('PUT', '/api/hosts/keys', { token })).status).toBe(200);
      await lab.waitUntil('new keys on every host', () =>
        lab.agents.every((a, i) => lab.publicKeyOf(a) !== before[i]),
      );
      const keys = lab.agents.map((a) => lab.publicKeyOf(a));
      await lab.waitUntil('every peer list to hold the new keys only', () =>
        lab.agents.every(
          (a, i) =>
            JSON.stringify(lab.wgPeers(a).sort()) === JSON.stringify(keys.filter((_, j) => j !== i).sort()),
        ),
      );
      for (const from of lab.agents) {
        for (const to of lab.agents.filter((a) => a !== from))
          await lab.waitUntil(`${from.name} to ping ${to.name}`, () =>
            lab.pings(from, addresses.get(to.name)!),
          );
      }
    }, 90_000);

    it('-> POST /api/hosts/{id}/sync: the host pulls and re-applies its state at once', async () => {
      const agent = lab.agents[0]!;
      const before = syncCount(agent);
      expect(
        (await server.request('POST', `/api/hosts/${await hostIdOf(agent)}/sync`, { token })).status,
      ).toBe(200);
      await lab.waitUntil('a pull applied after the sync', () => syncCount(agent) > before);
    }, 90_000);

    it('-> meshdeck-agent status prints the networks and every peer by name with its handshake and bytes', async () => {
      const [one, two, three] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const status = await lab.cli(one, ['status']);
      expect(status.status).toBe(0);
      expect(status.output).toContain(`interface: ${one.iface} (host ${one.name})`);
      expect(status.output).toContain(`network: ${NETWORK} ${addresses.get(one.name)}/24`);
      for (const peer of [two, three]) {
        expect(status.output).toContain(
          `peer: ${peer.name} (${NETWORK} ${addresses.get(peer.name)})\n  key: ${lab.publicKeyOf(peer)}`,
        );
      }
      expect(status.output).toMatch(/latest handshake: (\d+ \w+, )*\d+ seconds? ago/);
      expect(status.output).toMatch(/transfer: [\d.]+ \w+ received, [\d.]+ \w+ sent/);
    }, 90_000);

    it('-> meshdeck-agent install --root writes a unit that runs this agent with its state dir; uninstall removes it', async () => {
      const agent = lab.agents[0]!;
      const root = path.join(lab.workDir, 'root');
      const installed = await lab.cli(agent, ['install', '--root', root]);
      expect(installed.status).toBe(0);
      const unit = fs.readFileSync(path.join(root, 'etc/systemd/system/meshdeck-agent.service'), 'utf8');
      expect(unit).toMatch(
        new RegExp(
          `ExecStart=\\S+ \\S+meshdeck-agent\\.mjs run --state-dir ${agent.stateDir} --check-in-seconds 30 --metrics-seconds 60 --hosts-file /etc/hosts\\n`,
        ),
      );
      expect(fs.statSync(path.join(agent.stateDir, 'state.json')).mode & 0o777).toBe(0o600);
      expect((await lab.cli(agent, ['uninstall', '--root', root])).status).toBe(0);
      expect(fs.existsSync(path.join(root, 'etc/systemd/system/meshdeck-agent.service'))).toBe(false);
    }, 90_000);

    it('-> DELETE /api/hosts/{id}?force=true: the agent removes its tunnel and state and exits, the others drop it', async () => {
      const [one, two, three] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const key = lab.publicKeyOf(three);
      const exited = new Promise<number | null>((resolve) => three.child.on('exit', (code) => resolve(code)));
      expect(
        (await server.request('DELETE', `/api/hosts/${await hostIdOf(three)}?force=true`, { token })).status,
      ).toBe(200);
      expect(await exited).toBe(0);
      expect(lab.hasInterface(three)).toBe(false);
      expect(fs.existsSync(path.join(three.stateDir, 'state.json'))).toBe(false);
      await lab.waitUntil('the others to drop the deleted host', () =>
        [one, two].every((a) => !lab.wgPeers(a).includes(key)),
      );
    }, 90_000);

    it('-> meshdeck-agent leave: the host is deleted on the server, its tunnel and state are removed', async () => {
      const [one, two] = lab.agents as [LabAgent, LabAgent];
      const stopped = new Promise((resolve) => two.child.on('exit', resolve));
      two.child.kill('SIGTERM');
      await stopped;
      expect(lab.hasInterface(two)).toBe(true);
      const left = await lab.cli(two, ['leave']);
      expect(left.output).toContain('removed from the server');
      expect(left.status).toBe(0);
      expect(lab.hasInterface(two)).toBe(false);
      expect(fs.existsSync(path.join(two.stateDir, 'state.json'))).toBe(false);
      const hosts = (await server.request<{ name: string }[]>('GET', '/api/hosts', { token })).body;
      expect(hosts.map((h) => h.name)).toEqual([one.name]);
      await lab.waitUntil('the last agent to have no peers', () => lab.wgPeers(one).length === 0);
    }, 90_000);
  },
);
