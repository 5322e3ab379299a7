import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle, repoRoot } from './agent-bundle.ts';
import { Lab, dataPlaneSkipReason, quiet, tryRun } from './netns.ts';

const skipReason = dataPlaneSkipReason();
// In CI a skip would hide a broken promise: the run fails instead (scripts/test-all.mjs checks it as well).
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const AGENTS = 3;
/**
 * Status thresholds for agents checking in every 2 s (decision 050): unstable 8 s after the last check-in, offline
 * after 20 s, the sweeper every second. A frozen agent is therefore offline at most 21 s after its last check-in
 * (the documented interval: STATUS_OFFLINE_AFTER_SECONDS plus one sweep).
 */
const STATUS = { AGENT_CHECK_IN_SECONDS: '2', STATUS_GRACE_SECONDS: '6', STATUS_OFFLINE_AFTER_SECONDS: '20' };
/** The documented interval above, plus what a loaded machine adds to an API read: the limit of the wait. */
const OFFLINE_LIMIT_MS = (20 + 1) * 1000 + 30_000;

/** A webhook receiver on loopback: every call it gets, with its headers and raw body, answered 204. */
interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: { event: string; alert_id: string; subject: { id: string } };
}
let receiver: Server | undefined;
const deliveries: Delivery[] = [];

let server: TestServer;
let token: string;
let lab: Lab;
let workDir: string;
const agents: {
  index: number;
  ns: string;
  iface: string;
  stateDir: string;
  child: ChildProcess;
  log: string[];
}[] = [];

/** Polls `check` until it holds; on time-out fails with every agent's log, which is what explains a failure. */
const waitUntil = (what: string, check: () => boolean, timeout = 30_000) =>
  vi.waitFor(
    () => {
      if (!check())
        throw new Error(
          `timed out waiting for ${what}\n${agents.map((a) => `--- agent ${a.index}\n${a.log.join('')}`).join('\n')}`,
        );
    },
    { timeout, interval: 250 },
  );
// Before the agent created its interface `wg show` fails; that simply means "no peers yet".
const wgPeers = (a: (typeof agents)[number]): string[] =>
  quiet('ip', ['netns', 'exec', a.ns, 'wg', 'show', a.iface, 'peers']).split('\n').filter(Boolean);
const publicKeyOf = (a: (typeof agents)[number]): string =>
  JSON.parse(fs.readFileSync(path.join(a.stateDir, 'state.json'), 'utf8')).publicKey;
// One echo request with a one-second wait: the first packets of a pair can go before its handshake completes.
const pings = (from: (typeof agents)[number], address: string): boolean =>
  spawnSync('ip', ['netns', 'exec', from.ns, 'ping', '-c', '1', '-W', '1', address], { stdio: 'ignore' })
    .status === 0;

if (skipReason !== undefined && isCi) {
  describe('agent data plane (3 agents in network namespaces)', () => {
    it('-> runs in CI', () => {
      throw new Error(`the data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `agent data plane (3 agents in network namespaces)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      const bundle = agentBundle();
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-dataplane-'));
      lab = new Lab(20 + (process.pid % 200));
      lab.up(AGENTS);
      receiver = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () => {
          deliveries.push({ headers: request.headers, text, body: JSON.parse(text) });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
      // Pro: the alert rules (issue 41) are proven here too, on the same agents.
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0', EDITION: 'pro', ...STATUS });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, 'mesh', { addressrange: `10.251.${lab.subnet}.0/24` });
      const key = await server.request('POST', '/api/v1/enrollment-keys', {
        token,
        body: { tags: ['dataplane'], networks: ['mesh'], unlimited: true },
      });
      const port = new URL(server.url).port;
      for (let i = 1; i <= AGENTS; i++) {
        const stateDir = path.join(workDir, `agent-${i}`);
        const iface = `mdw${lab.tag}${i}`;
        const ns = lab.namespaces[i - 1]!;
        const args = ['netns', 'exec', ns, process.execPath, bundle, 'join'];
        args.push(
          '--server',
          `http://${lab.bridgeAddress}:${port}`,
          '--token',
          key.body.token,
          '--state-dir',
          stateDir,
        );
        args.push(
          '--interface',
          iface,
          '--name',
          `agent-${i}`,
          '--check-in-seconds',
          '2',
          '--metrics-seconds',
          '2',
        );
        const child = spawn('ip', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
        const log: string[] = [];
        child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
        child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
        agents.push({ index: i, ns, iface, stateDir, child, log });
      }
    }, 60_000);

    afterAll(async () => {
      for (const agent of agents) {
        if (agent.child.pid) tryRun('kill', ['-TERM', String(agent.child.pid)]);
        const pidFile = path.join(agent.stateDir, 'wireguard-go.pid');
        if (fs.existsSync(pidFile)) tryRun('kill', ['-TERM', fs.readFileSync(pidFile, 'utf8').trim()]);
        tryRun('ip', ['netns', 'exec', agent.ns, 'ip', 'link', 'del', agent.iface]);
      }
      lab?.down();
      await server?.close();
      await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
      if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
    }, 30_000);

    it('-> every agent gets the other two as WireGuard peers and each pair pings over the mesh', async () => {
      // A limit, not a speed check: at a load of 20 on two cores three joins took over 30 s to configure.
      await waitUntil(
        'each agent to have 2 peers',
        () => agents.every((a) => wgPeers(a).length === AGENTS - 1),
        90_000,
      );
      const nodes = (
        await server.request<{ hostid: string; address: string }[]>('GET', '/api/nodes/mesh', { token })
      ).body;
      const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token }))
        .body;
      const meshAddress = (i: number) => {
        const host = hosts.find((h) => h.name === `agent-${i}`)!;
        return nodes.find((n) => n.hostid === host.id)!.address.split('/')[0]!;
      };
      // Every ordered pair must get through; each keeps trying for up to 30 s (a handshake may still be under way).
      for (const from of agents) {
        for (const to of agents.filter((a) => a !== from)) {
          const address = meshAddress(to.index);
          await waitUntil(`agent-${from.index} to ping agent-${to.index} at ${address}`, () =>
            pings(from, address),
          );
        }
      }
    }, 180_000);

    it('-> metrics: each pair shows reachable, direct, latency under 999 and bytes both ways, and lastpeerupdate is set; a stopped agent turns its edges unreachable and its status offline, and a node_offline rule sends one signed webhook; back: healthy again and one resolved notice', async () => {
      type Metrics = { nodes: Record<string, { node_name: string; connectivity: Record<string, any> }> };
      type Node = { id: string; hostid: string; status: string; lastpeerupdate: number };
      const read = async () =>
        (await server.request<Metrics>('GET', '/api/metrics/mesh', { token })).body.nodes;
      const readNodes = async () => (await server.request<Node[]>('GET', '/api/nodes/mesh', { token })).body;
      let nodes: Metrics['nodes'] = {};
      const edges = () =>
        Object.values(nodes).flatMap((n) =>
          Object.values(n.connectivity).map((m) => ({ from: n.node_name, ...m })),
        );
      const healthy = (m: any) =>
        m.connected && m.latency < 999 && m.totalreceived > 0 && m.totalsent > 0 && m.path === 'direct';
      await vi.waitFor(
        async () => {
          nodes = await read();
          const all = edges();
          if (
            Object.keys(nodes).length !== AGENTS ||
            all.length !== AGENTS * (AGENTS - 1) ||
            !all.every(healthy)
          )
            throw new Error(`metrics not there yet: ${JSON.stringify(all)}`);
        },
        { timeout: 60_000, interval: 500 },
      );
      // Each agent reported the peer-update version it applied: the server set the node's lastpeerupdate.
      let meshNodes: Node[] = [];
      await vi.waitFor(
        async () => {
          meshNodes = await readNodes();
          if (meshNodes.length !== AGENTS || !meshNodes.every((n) => n.lastpeerupdate > 0))
            throw new Error(`lastpeerupdate not set: ${JSON.stringify(meshNodes)}`);
        },
        { timeout: 30_000, interval: 500 },
      );
      for (const node of meshNodes)
        expect(Math.abs(node.lastpeerupdate - Date.now() / 1000)).toBeLessThan(3600);

      const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token }))
        .body;
      const frozenNode = meshNodes.find((n) => n.hostid === hosts.find((h) => h.name === 'agent-3')!.id)!;
      const address = receiver!.address() as AddressInfo;
      const created = await server.request<{ id: string; secret: string }>(
        'POST',
        '/api/v1/alerts/mesh/rules',
        {
          token,
          body: {
            name: 'agent-3 down',
            kind: 'node_offline',
            node_id: frozenNode.id,
            for_seconds: 0,
            cooldown_seconds: 900,
            webhook_url: `http://127.0.0.1:${address.port}/hooks/meshdeck`,
          },
        },
      );
      expect(created.status).toBe(200);
      const verify = (call: Delivery) => {
        const timestamp = String(call.headers['x-meshdeck-timestamp']);
        const mac = createHmac('sha256', created.body.secret)
          .update(`${timestamp}.${call.text}`)
          .digest('hex');
        expect(call.headers['x-meshdeck-signature']).toBe(`sha256=${mac}`);
        expect(call.headers['x-meshdeck-event']).toBe(call.body.event);
        expect(call.body.subject.id).toBe(frozenNode.id);
      };
      expect(deliveries).toHaveLength(0);

      // Agent 3 and its tunnel freeze: the others stop hearing from it and its pings go unanswered.
      const frozen = agents[2]!;
      const goPid = fs.readFileSync(path.join(frozen.stateDir, 'wireguard-go.pid'), 'utf8').trim();
      const pids = [String(frozen.child.pid), goPid];
      const agentPid = quiet('pgrep', ['-P', String(frozen.child.pid)]).trim();
      if (agentPid) pids.push(...agentPid.split('\n'));
      for (const pid of pids) tryRun('kill', ['-STOP', pid]);
      try {
        // Offline once its last check-in is older than STATUS_OFFLINE_AFTER_SECONDS (plus a sweep).
        await vi.waitFor(
          async () => {
            const status = (await readNodes()).find((n) => n.id === frozenNode.id)?.status;
            if (status !== 'offline') throw new Error(`agent-3 is ${status}, not offline`);
          },
          { timeout: OFFLINE_LIMIT_MS, interval: 500 },
        );
        await vi.waitFor(
          async () => {
            nodes = await read();
            const towardFrozen = edges().filter((m) => m.node_name === 'agent-3');
            if (towardFrozen.length !== 2 || towardFrozen.some((m) => m.connected || m.latency !== 999))
              throw new Error(`agent-3 still reachable: ${JSON.stringify(towardFrozen)}`);
          },
          { timeout: 150_000, interval: 1_000 },
        );
        await waitUntil('the firing webhook', () => deliveries.length >= 1);
        expect(deliveries[0]!.body.event).toBe('alert.firing');
        verify(deliveries[0]!);
      } finally {
        for (const pid of pids) tryRun('kill', ['-CONT', pid]);
      }
      await vi.waitFor(
        async () => {
          nodes = await read();
          if (!edges().every(healthy)) throw new Error(`not healthy again: ${JSON.stringify(edges())}`);
        },
        { timeout: 120_000, interval: 1_000 },
      );
      await waitUntil('the resolved notice', () => deliveries.length >= 2);
      const resolvedAt = Date.now();
      expect(deliveries[1]!.body).toMatchObject({
        event: 'alert.resolved',
        alert_id: deliveries[0]!.body.alert_id,
      });
      verify(deliveries[1]!);
      // An evaluation after the resolution sent nothing more: one firing webhook and one resolved notice in all.
      await vi.waitFor(
        async () => {
          const overview = await server.request<{ evaluated_at: string }>('GET', '/api/v1/alerts/mesh', {
            token,
          });
          if (!(Date.parse(overview.body.evaluated_at) > resolvedAt)) throw new Error('no evaluation since');
        },
        { timeout: 30_000, interval: 500 },
      );
      expect(deliveries.map((d) => d.body.event)).toEqual(['alert.firing', 'alert.resolved']);
      expect((await readNodes()).find((n) => n.id === frozenNode.id)?.status).not.toBe('offline');
    }, 420_000);

    it('-> when one host is removed from the network through the API, the others drop it from their peers', async () => {
      const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token }))
        .body;
      const leaving = agents[2]!;
      const hostId = hosts.find((h) => h.name === `agent-${leaving.index}`)!.id;
      const response = await server.request('DELETE', `/api/hosts/${hostId}/networks/mesh?force=true`, {
        token,
      });
      expect(response.status).toBe(200);
      const leavingKey = publicKeyOf(leaving);
      await waitUntil('the others to drop the removed host', () =>
        agents.slice(0, 2).every((a) => !wgPeers(a).includes(leavingKey)),
      );
      for (const agent of agents.slice(0, 2)) expect(wgPeers(agent)).toHaveLength(1);
      await waitUntil('the removed host to have no peers', () => wgPeers(leaving).length === 0);
    }, 60_000);
  },
);
