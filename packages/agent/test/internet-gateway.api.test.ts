import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason, quiet, sh } from './netns.ts';
import { LanSegment, nodesByName, pingsOnce, routingSkipReason } from './routing-lab.ts';

/** A's agent overrides the network's fail-open setting locally. */
const FAIL_CLOSED = ['--internet-fail', 'closed'];
const skipReason = dataPlaneSkipReason() ?? routingSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'exit';

let server: TestServer;
let token: string;
let lab: MeshLab;
let internet: LanSegment;

if (skipReason !== undefined && isCi) {
  describe('internet gateway data plane', () => {
    it('-> runs in CI', () => {
      throw new Error(`the internet-gateway data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

/** The IPv4 routing table of an agent's namespace, main table, as `ip route show` prints it. */
const routes = (agent: LabAgent): string =>
  quiet('ip', ['netns', 'exec', agent.ns, 'ip', '-4', 'route', 'show']);

describe.skipIf(skipReason !== undefined)(
  `internet gateway data plane (A sends everything through G)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(673);
      lab.up(3);
      // "The internet": an address outside every network range, behind G (agent 2) only.
      internet = new LanSegment(lab, 'inet', '198.51.100');
      internet.up();
      internet.attach({ index: 2, ns: lab.lab.namespaces[1]! }, 1);
      // A's (and B's) own default route leads to a router that does not exist: nothing leaves the lab that way.
      for (const ns of [lab.lab.namespaces[0]!, lab.lab.namespaces[2]!])
        sh('ip', [
          'netns',
          'exec',
          ns,
          'ip',
          'route',
          'add',
          'default',
          'via',
          `10.250.${lab.lab.subnet}.254`,
        ]);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0', EDITION: 'pro' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.244.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['exit-lab'], networks: [NETWORK] });
      const port = new URL(server.url).port;
      // A (1): a client whose agent overrides the network's setting: it fails closed whatever the network says.
      lab.join(1, port, key.token, FAIL_CLOSED);
      lab.join(2, port, key.token);
      // B (3): a client that follows the network's setting (made fail-open below).
      lab.join(3, port, key.token);
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      lab?.down();
      await server?.close();
    }, 30_000);

    const clients = async (gatewayNode: string, ids: string[], method: 'POST' | 'PUT') =>
      (
        await server.request(method, `/api/nodes/${NETWORK}/${gatewayNode}/inet_gw`, {
          token,
          body: { inet_node_client_ids: ids },
        })
      ).status;

    it("-> A's traffic to an outside address goes through G; A's routes are exactly as before when it is disconnected, and after its agent is killed and restarted", async () => {
      const [a, g] = lab.agents as [LabAgent, LabAgent];
      await lab.waitUntil('every agent to have its 2 peers', () =>
        lab.agents.every((agent) => lab.wgPeers(agent).length === 2),
      );
      const nodes = await nodesByName(server, token, NETWORK);
      const [na, ng] = [nodes.get(a.name)!, nodes.get(g.name)!];
      await lab.waitUntil('A to ping G over the mesh', () => pingsOnce(a, ng.address));
      const before = routes(a);
      expect(before).toMatch(/^default via /m);
      const gatewaySide = `${internet.prefix}.1`;
      internet.countFrom(gatewaySide);
      internet.countFrom(na.address);
      expect(pingsOnce(a, internet.hostAddress, 1)).toBe(false);

      expect(await clients(ng.id, [na.id], 'POST')).toBe(200);
      await lab.waitUntil('A to reach the outside address through G', () =>
        pingsOnce(a, internet.hostAddress),
      );
      expect(internet.packetsFrom(gatewaySide)).toBeGreaterThan(0);
      expect(internet.packetsFrom(na.address)).toBe(0);
      // The default route itself is never replaced (two half-default routes into the tunnel outrank it).
      expect(routes(a)).toMatch(/^0\.0\.0\.0\/1 dev \S+ proto 77/m);
      expect(
        routes(a)
          .split('\n')
          .filter((l) => l.startsWith('default')),
      ).toEqual(before.split('\n').filter((l) => l.startsWith('default')));
      expect(fs.existsSync(path.join(a.stateDir, 'default-route.json'))).toBe(true);

      // Disconnected: the routes are exactly what they were.
      expect(await clients(ng.id, [], 'PUT')).toBe(200);
      await lab.waitUntil("A's routes to be as before", () => routes(a) === before);
      expect(pingsOnce(a, internet.hostAddress, 1)).toBe(false);
      expect(fs.existsSync(path.join(a.stateDir, 'default-route.json'))).toBe(false);

      // Crash: the agent is killed while A is a client; meanwhile A is removed; the restarted agent puts it right.
      expect(await clients(ng.id, [na.id], 'PUT')).toBe(200);
      await lab.waitUntil('A to reach the outside through G again', () => pingsOnce(a, internet.hostAddress));
      const exited = new Promise((resolve) => a.child.once('exit', resolve));
      a.child.kill('SIGKILL');
      await exited;
      expect(routes(a)).not.toBe(before);
      expect(await clients(ng.id, [], 'PUT')).toBe(200);
      lab.restart(a, FAIL_CLOSED);
      await lab.waitUntil("A's routes to be as before after the restart", () => routes(a) === before);
      expect(pingsOnce(a, ng.address)).toBe(true);
    }, 240_000);

    it("-> when the gateway stops answering probes, a client following its network's fail-open setting uses its own default route until the gateway answers again, and one whose flag says fail-closed keeps its traffic in the tunnel", async () => {
      const [a, g, b] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const setting = await server.request<any>('PUT', `/api/networks/${NETWORK}`, {
        token,
        body: { netid: NETWORK, internetfailmode: 'open' },
      });
      expect(setting.status).toBe(200);
      const nodes = await nodesByName(server, token, NETWORK);
      const ids = [nodes.get(a.name)!.id, nodes.get(b.name)!.id];
      expect(await clients(nodes.get(g.name)!.id, ids, 'PUT')).toBe(200);
      for (const agent of [a, b])
        await lab.waitUntil(`${agent.name} to reach the outside through G`, () =>
          pingsOnce(agent, internet.hostAddress),
        );
      const half = /^0\.0\.0\.0\/1 dev /m;
      const status = (agent: LabAgent) => {
        const file = path.join(agent.stateDir, 'routing-status.json');
        return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      };
      // B heard the network's setting in its peer update; A's flag overrides it.
      await lab.waitUntil("B to take the network's fail-open setting", () =>
        status(b).includes('"failMode": "open"'),
      );
      expect(status(a)).toContain('"failMode": "closed"');
      // G's tunnel keeps working; only its answers to probes stop.
      const inG = (...args: string[]) => sh('ip', ['netns', 'exec', g.ns, 'nft', ...args]);
      inG('add', 'table', 'inet', 'mdtest');
      inG('add chain inet mdtest input { type filter hook input priority 0; policy accept; }');
      inG('add rule inet mdtest input udp dport 51899 drop');
      await lab.waitUntil(
        'B (fail-open) to fall back to its own default route',
        () => !half.test(routes(b)) && status(b).includes('fail-open: own default route in use'),
      );
      await lab.waitUntil('A (fail-closed) to notice too', () =>
        status(a).includes('fail-closed: traffic held in the tunnel'),
      );
      expect(routes(a)).toMatch(half);
      expect(pingsOnce(a, internet.hostAddress)).toBe(true);
      expect(pingsOnce(b, internet.hostAddress, 1)).toBe(false);

      inG('delete', 'table', 'inet', 'mdtest');
      await lab.waitUntil('B to send through G again once it answers', () => half.test(routes(b)));
      await lab.waitUntil('B to reach the outside through G again', () => pingsOnce(b, internet.hostAddress));
    }, 120_000);
  },
);
