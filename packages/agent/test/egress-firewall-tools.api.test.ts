import fs from 'node:fs';
import path from 'node:path';
import type { HostRoutingStatus } from '@meshdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle } from './agent-bundle.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason, quiet } from './netns.ts';
import { LanSegment, nodesByName, pingsOnce, routingSkipReason } from './routing-lab.ts';

const which = (tool: string) => quiet('sh', ['-c', `command -v ${tool}`]).trim();
const iptablesTools = ['iptables', 'iptables-restore', 'ip6tables', 'ip6tables-restore'];
const skipReason =
  dataPlaneSkipReason() ??
  routingSkipReason() ??
  (iptablesTools.every((t) => which(t) !== '') ? undefined : 'needs iptables and iptables-restore');
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'fwtools';

let server: TestServer;
let token: string;
let lab: MeshLab;
let withIptables: LanSegment;
let withNothing: LanSegment;

if (skipReason !== undefined && isCi) {
  describe('egress NAT without nftables', () => {
    it('-> runs in CI', () => {
      throw new Error(`the firewall-tools data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

/**
 * A PATH holding only the tools named (symlinks), so the agent runs on a host without nft, or without any
 * firewall tool: the same binaries, fewer of them.
 */
function pathWith(dir: string, tools: string[]): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const tool of tools) fs.symlinkSync(which(tool), path.join(dir, tool));
  return dir;
}

describe.skipIf(skipReason !== undefined)(
  `egress NAT without nftables (iptables-restore, and no tool at all)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(241);
      // 1: A; 2: E, a gateway whose host has iptables but no nft; 3: N, a gateway whose host has neither.
      lab.up(3);
      withIptables = new LanSegment(lab, 'ipt', `10.239.${lab.lab.subnet}`);
      withNothing = new LanSegment(lab, 'non', `10.238.${lab.lab.subnet}`);
      for (const [segment, index] of [
        [withIptables, 2],
        [withNothing, 3],
      ] as const) {
        segment.up();
        segment.attach({ index, ns: lab.lab.namespaces[index - 1]! }, 1);
      }
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.237.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['fw-lab'], networks: [NETWORK] });
      const port = new URL(server.url).port;
      const base = ['ip', 'wg', 'wireguard-go'];
      const bundle = agentBundle();
      const program = (tools: string[], name: string) => [
        'env',
        `PATH=${pathWith(path.join(lab.workDir, name), tools)}`,
        process.execPath,
        bundle,
      ];
      lab.join(1, port, key.token);
      lab.join(2, port, key.token, [], program([...base, ...iptablesTools], 'bin-iptables'));
      lab.join(3, port, key.token, [], program(base, 'bin-none'));
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      lab?.down();
      await server?.close();
    }, 30_000);

    it('-> a gateway with only iptables masquerades through iptables-restore; one with no tool says which is missing and forwards unmasqueraded', async () => {
      const [a, e, n] = lab.agents as [LabAgent, LabAgent, LabAgent];
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((agent) => lab.wgPeers(agent).length === 2),
      );
      const hosts = (
        await server.request<{ name: string; firewallinuse: string }[]>('GET', '/api/hosts', { token })
      ).body;
      const tool = (name: string) => hosts.find((h) => h.name === name)?.firewallinuse;
      expect([tool(a.name), tool(e.name), tool(n.name)]).toEqual(['nftables', 'iptables', 'none']);

      const nodes = await nodesByName(server, token, NETWORK);
      const aMesh = nodes.get(a.name)!.address;
      for (const [segment, gateway] of [
        [withIptables, e],
        [withNothing, n],
      ] as const) {
        const created = await server.request(
          'POST',
          `/api/nodes/${NETWORK}/${nodes.get(gateway.name)!.id}/creategateway`,
          { token, body: { ranges: [segment.range], natenabled: 'yes' } },
        );
        expect(created.status).toBe(200);
        segment.countFrom(`${segment.prefix}.1`);
        segment.countFrom(aMesh);
      }

      await lab.waitUntil('A to ping the LAN behind E', () => pingsOnce(a, withIptables.hostAddress));
      expect(withIptables.packetsFrom(`${withIptables.prefix}.1`)).toBeGreaterThan(0);
      expect(withIptables.packetsFrom(aMesh)).toBe(0);
      expect(quiet('ip', ['netns', 'exec', e.ns, 'iptables', '-w', '-t', 'nat', '-S'])).toMatch(
        new RegExp(
          `-A MESHDECK-POSTROUTING -s ${aMesh}/32 -d ${withIptables.range.replaceAll('.', '\\.')} ! -o \\S+ -j MASQUERADE`,
        ),
      );

      // N cannot masquerade: A's echo requests arrive with A's own address (the LAN has no way back: no reply).
      await lab.waitUntil('N to say which tool is missing', () =>
        n.log.join('').includes('needs nftables (nft) or iptables (iptables-restore); neither is installed'),
      );
      await lab.waitUntil("A's packets to reach N's LAN unmasqueraded", () => {
        pingsOnce(a, withNothing.hostAddress, 1);
        return withNothing.packetsFrom(aMesh) > 0;
      });
      expect(withNothing.packetsFrom(`${withNothing.prefix}.1`)).toBe(0);
      const { output: status } = await lab.cli(n, ['status']);
      expect(status).toContain('firewall: none');
      expect(status).toMatch(
        /missing: masquerading \(10\.238\.\d+\.0\/24\) needs nftables \(nft\) or iptables/,
      );
      // The console reads the same from the server: N's routing report names the missing tool.
      await lab.waitUntil("the server to show N's missing firewall tool", async () => {
        const list = await server.request<{ items: HostRoutingStatus[] }>(
          'GET',
          `/api/console/routing-status/${NETWORK}`,
          { token },
        );
        const report = list.body.items.find((item) => item.host_name === n.name)?.report;
        return (
          report?.firewall.tool === 'none' &&
          /needs nftables \(nft\) or iptables/.test(report.firewall.missing ?? '')
        );
      });
    }, 180_000);
  },
);
