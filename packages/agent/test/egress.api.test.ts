import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason, quiet, sh } from './netns.ts';
import { LanSegment, nodesByName, pingsOnce, routingSkipReason } from './routing-lab.ts';

const skipReason = dataPlaneSkipReason() ?? routingSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'egress';

let server: TestServer;
let token: string;
let lab: MeshLab;
let lan: LanSegment;

if (skipReason !== undefined && isCi) {
  describe('egress data plane', () => {
    it('-> runs in CI', () => {
      throw new Error(`the egress data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

/** The device `ip route get` picks in an agent's namespace for an address. */
const routeDevice = (agent: LabAgent, address: string): string =>
  /dev (\S+)/.exec(quiet('ip', ['netns', 'exec', agent.ns, 'ip', 'route', 'get', address]))?.[1] ?? '';

describe.skipIf(skipReason !== undefined)(
  `egress data plane (a LAN behind gateway E)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(557);
      // 1: A, a mesh node elsewhere; 2: E, the egress gateway; 3: D, a mesh node that sits on the LAN itself.
      lab.up(3);
      lan = new LanSegment(lab, 'lan', `10.247.${lab.lab.subnet}`);
      lan.up();
      const ns = (index: number) => ({ index, ns: lab.lab.namespaces[index - 1]! });
      lan.attach(ns(2), 1);
      lan.attach(ns(3), 3);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.245.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['egress-lab'], networks: [NETWORK] });
      const port = new URL(server.url).port;
      for (const index of [1, 2, 3]) lab.join(index, port, key.token);
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      lab?.down();
      await server?.close();
    }, 30_000);

    const gateway = async (nodeId: string, natenabled: 'yes' | 'no') =>
      (
        await server.request('POST', `/api/nodes/${NETWORK}/${nodeId}/creategateway`, {
          token,
          body: { ranges: [lan.range], natenabled },
        })
      ).status;

    it('-> with NAT on, A reaches the LAN through E and the LAN sees E; with NAT off, the LAN sees A itself', async () => {
      const [a, e] = lab.agents as [LabAgent, LabAgent, LabAgent];
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((agent) => lab.wgPeers(agent).length === 2),
      );
      const nodes = await nodesByName(server, token, NETWORK);
      const aMesh = nodes.get(a.name)!.address;
      const eLan = `${lan.prefix}.1`;
      lan.countFrom(eLan);
      lan.countFrom(aMesh);
      // No route to the LAN anywhere but through the mesh: nothing gets there before the gateway exists.
      expect(pingsOnce(a, lan.hostAddress, 1)).toBe(false);

      // Like a host running Docker or a firewall: E forwards only with the agent's own FORWARD rules.
      sh('ip', ['netns', 'exec', e.ns, 'iptables', '-w', '-P', 'FORWARD', 'DROP']);
      expect(await gateway(nodes.get(e.name)!.id, 'yes')).toBe(200);
      await lab.waitUntil('A to ping the LAN host through E (NAT on)', () => pingsOnce(a, lan.hostAddress));
      expect(quiet('ip', ['netns', 'exec', e.ns, 'iptables', '-w', '-S', 'FORWARD'])).toContain(
        'meshdeck-agent gateway forwarding',
      );
      expect(routeDevice(a, lan.hostAddress)).toBe(a.iface);
      expect(lan.packetsFrom(eLan)).toBeGreaterThan(0);
      expect(lan.packetsFrom(aMesh)).toBe(0);
      expect(quiet('ip', ['netns', 'exec', e.ns, 'nft', 'list', 'table', 'inet', 'meshdeck'])).toContain(
        lan.range,
      );

      // NAT off: the LAN must route the mesh back through E itself, as a real LAN router would be told to.
      sh('ip', ['netns', 'exec', lan.ns, 'ip', 'route', 'add', `10.245.${lab.lab.subnet}.0/24`, 'via', eLan]);
      const fromE = lan.packetsFrom(eLan);
      expect(await gateway(nodes.get(e.name)!.id, 'no')).toBe(200);
      await lab.waitUntil(
        'E to drop its masquerade',
        () => !quiet('ip', ['netns', 'exec', e.ns, 'nft', 'list', 'ruleset']).includes('masquerade'),
      );
      await lab.waitUntil('A to ping the LAN host through E (NAT off)', () => pingsOnce(a, lan.hostAddress));
      expect(lan.packetsFrom(aMesh)).toBeGreaterThan(0);
      expect(lan.packetsFrom(eLan)).toBe(fromE);
    }, 180_000);

    it('-> D, directly on the LAN E offers, keeps reaching it directly and its status says the route was left out', async () => {
      const d = lab.agents[2]!;
      const nodes = await nodesByName(server, token, NETWORK);
      const dLan = `${lan.prefix}.3`;
      const dMesh = nodes.get(d.name)!.address;
      lan.countFrom(dLan);
      lan.countFrom(dMesh);
      // D has E's range among its peer's allowed IPs (the server offers it to every node) ...
      await lab.waitUntil('D to get the LAN range from the mesh', () =>
        quiet('ip', ['netns', 'exec', d.ns, 'wg', 'show', d.iface, 'allowed-ips']).includes(lan.range),
      );
      const statusFile = path.join(d.stateDir, 'routing-status.json');
      await lab.waitUntil(
        'D to report the range as its own LAN',
        () => fs.existsSync(statusFile) && fs.readFileSync(statusFile, 'utf8').includes(lan.range),
      );
      // ... but the kernel still sends LAN traffic out of D's own LAN link.
      expect(routeDevice(d, lan.hostAddress)).toBe(lan.links.get(3));
      expect(pingsOnce(d, lan.hostAddress)).toBe(true);
      expect(lan.packetsFrom(dLan)).toBeGreaterThan(0);
      expect(lan.packetsFrom(dMesh)).toBe(0);
      const status = await lab.cli(d, ['status']);
      expect(status.output).toContain(
        `range ${lan.range}: not routed through the mesh, this host is on it directly (${lan.range} on ${lan.links.get(3)})`,
      );
      expect(d.log.join('')).toContain(`not routed (own LAN): ${lan.range}`);
    }, 120_000);
  },
);
