import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import {
  buildInstallCommand,
  buildJoinCommand,
} from '../../../apps/web/src/features/hosts/components/join-command.ts';
import { repoRoot } from './agent-bundle.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason } from './netns.ts';

// Issue 30 item 1: the install and join commands the console's add-device wizard shows, built by the very functions
// it calls, run as root in a network namespace against a real server whose agent files were built the way
// `npm start` builds them (scripts/build-if-stale.mjs agent). The device's /usr/local/bin is a temporary folder
// (a private mount namespace binds it over), so the command's text needs no change to run here.

const hasTool = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const skipReason =
  process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)
    ? 'the single executable is built for Linux x64 and arm64 only'
    : (dataPlaneSkipReason() ??
      ['sudo', 'apt-get', 'curl', 'unshare', 'mount']
        .map((t) => (hasTool(t) ? '' : `needs ${t}`))
        .find(Boolean));

/** The executable the server offers for this machine's architecture (what `uname -m` picks on the device). */
const executable = path.join(repoRoot, 'packages', 'agent', 'dist', `meshdeck-agent-linux-${process.arch}`);
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let server: TestServer;
let lab: MeshLab;
let device: { prefix: string; home: string; wireguardRun: string };
let joined: ChildProcess | undefined;
let joinedLog = '';
/** What the first test made: the super admin's token, the other agent and its mesh address. */
let joinedMesh: { token: string; other: LabAgent; otherAddress: string } | undefined;

/**
 * `sh -c <command>` as root in namespace `ns`, in a private mount namespace where /usr/local/bin and
 * /var/run/wireguard are this device's temporary folders. Spawned, never run synchronously: the server under test
 * answers from this same process.
 */
function onDevice(ns: string, command: string, env: Record<string, string> = {}): ChildProcess {
  const script =
    'mount --bind "$1" /usr/local/bin && mount --bind "$2" /var/run/wireguard && exec ip netns exec "$3" sh -c "$4"';
  return spawn(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      script,
      'sh',
      device.prefix,
      device.wireguardRun,
      ns,
      command,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
}

const finished = (child: ChildProcess): Promise<{ status: number | null; output: string }> =>
  new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });

describe.skipIf(skipReason !== undefined)(
  `the add-device wizard's commands, run on a device${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(953);
      lab.up(2); // builds the agent target as `npm start` does: the .mjs bundle and this machine's executable
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-device-'));
      device = {
        prefix: path.join(root, 'usr-local-bin'),
        home: path.join(root, 'root'),
        wireguardRun: path.join(root, 'run-wireguard'),
      };
      for (const dir of Object.values(device)) fs.mkdirSync(dir);
      fs.mkdirSync('/var/run/wireguard', { recursive: true });
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
    }, 240_000);
    afterAll(async () => {
      if (joined?.pid) {
        try {
          process.kill(-joined.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      const wireguardGo = path.join(device?.home ?? '', '.meshdeck-agent', 'wireguard-go.pid');
      if (fs.existsSync(wireguardGo)) {
        try {
          process.kill(Number(fs.readFileSync(wireguardGo, 'utf8').trim()), 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      lab?.down();
      await server?.close();
      if (device) fs.rmSync(path.dirname(device.prefix), { recursive: true, force: true });
    }, 120_000);

    it('-> the install command installs the executable for the server architecture, and the join command joins the device to the network, where it pings another agent', async () => {
      const token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, 'first-hour', { addressrange: `10.247.${lab.lab.subnet}.0/24` });
      const { value } = await createKey(server, token, {
        tags: ['first-hour-devices'],
        networks: ['first-hour'],
      });
      // The console is opened at an address the device can reach; it lists the keys from there (the token names the
      // server the request came to) and builds the commands from the key's token and its own origin.
      const origin = `http://${lab.lab.bridgeAddress}:${new URL(server.url).port}`;
      const keys = (await (
        await fetch(`${origin}/api/v1/enrollment-keys`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { value: string; token: string }[];
      const key = keys.find((k) => k.value === value)!;
      const install = buildInstallCommand(key.token, origin);
      const join = buildJoinCommand(key.token, origin);

      const installed = await finished(onDevice(lab.lab.namespaces[0]!, install));
      expect(installed.status, installed.output).toBe(0);
      const agentFile = path.join(device.prefix, 'meshdeck-agent');
      // The single executable, byte for byte, not the Node.js fallback (nor a page of HTML).
      expect(sha256(agentFile)).toBe(sha256(executable));
      expect(fs.statSync(agentFile).mode & 0o777).toBe(0o755);

      joined = onDevice(lab.lab.namespaces[0]!, join, { HOME: device.home });
      joined.stdout?.on('data', (d: Buffer) => (joinedLog += d.toString()));
      joined.stderr?.on('data', (d: Buffer) => (joinedLog += d.toString()));
      const other = lab.join(2, new URL(server.url).port, key.token);
      const hostsNamed = async () =>
        (await server.request<{ name: string; version: string }[]>('GET', '/api/hosts', { token })).body;
      const withDeviceLog = (error: unknown) => {
        throw new Error(`${String(error)}\n--- the device\n${joinedLog.slice(-3000)}`);
      };
      await lab
        .waitUntil('the device to register', async () =>
          (await hostsNamed()).some((h) => h.name === os.hostname()),
        )
        .catch(withDeviceLog);
      const addresses = await lab.meshAddresses(server, token, 'first-hour');
      const deviceAddress = addresses.get(os.hostname())!;
      expect(deviceAddress).toMatch(/^10\.247\./);
      await lab
        .waitUntil('the other agent to ping the device', () => lab.pings(other, deviceAddress))
        .catch(withDeviceLog);
      // The state the join wrote is where the command's defaults put it, under the device user's home.
      expect(fs.existsSync(path.join(device.home, '.meshdeck-agent', 'state.json'))).toBe(true);
      joinedMesh = { token, other, otherAddress: addresses.get(other.name)! };
    }, 180_000);

    it("-> when a device joined with the console's join command, then it resolves the network's names from its /etc/hosts, and leave takes them out again (issue 39)", async () => {
      expect(joinedMesh, 'the join test above ran').toBeDefined();
      const { token, other, otherAddress } = joinedMesh!;
      const ns = lab.lab.namespaces[0]!;
      // What `getent hosts` answers in the device's namespace, where /etc/hosts is the namespace's own file (the
      // lab gives each namespace one; `ip netns exec` binds it over /etc/hosts, as a container runtime does).
      const resolve = (name: string) =>
        finished(spawn('ip', ['netns', 'exec', ns, 'getent', 'hosts', name])).then((r) => r.output.trim());
      const machineHosts = fs.readFileSync('/etc/hosts', 'utf8');
      const nsHosts = path.join('/etc/netns', ns, 'hosts');
      const withDeviceLog = (error: unknown) => {
        throw new Error(
          `${String(error)}\n--- ${nsHosts}\n${fs.readFileSync(nsHosts, 'utf8')}\n--- the device\n${joinedLog.slice(-3000)}`,
        );
      };

      await lab
        .waitUntil(`the device to resolve ${other.name}.first-hour`, async () =>
          (await resolve(`${other.name}.first-hour`)).startsWith(`${otherAddress} `),
        )
        .catch(withDeviceLog);
      const custom = await server.request('POST', '/api/dns/first-hour', {
        token,
        body: { name: 'files.first-hour', address: otherAddress },
      });
      expect(custom.status, JSON.stringify(custom.body)).toBe(200);
      await lab
        .waitUntil('the device to resolve the custom entry', async () =>
          (await resolve('files.first-hour')).startsWith(`${otherAddress} `),
        )
        .catch(withDeviceLog);
      // The device reaches the other agent by that name across the mesh.
      await lab.waitUntil(
        'the device to ping files.first-hour',
        () =>
          spawnSync('ip', ['netns', 'exec', ns, 'ping', '-c', '1', '-W', '1', 'files.first-hour'], {
            stdio: 'ignore',
          }).status === 0,
      );
      // The machine running the test kept its own /etc/hosts untouched.
      expect(fs.readFileSync('/etc/hosts', 'utf8')).toBe(machineHosts);

      // `meshdeck-agent leave` on the device: the host goes, and so does the block of names.
      const left = await finished(onDevice(ns, 'meshdeck-agent leave', { HOME: device.home }));
      expect(left.status, left.output).toBe(0);
      await lab
        .waitUntil(
          'the names to be gone from the device',
          async () => (await resolve('files.first-hour')) === '',
        )
        .catch(withDeviceLog);
      expect(await resolve(`${other.name}.first-hour`)).toBe('');
      expect(fs.readFileSync(nsHosts, 'utf8')).not.toContain('meshdeck-agent');
    }, 180_000);
  },
);
