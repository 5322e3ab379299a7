import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { NatRouter } from './nat-router.ts';
import { dataPlaneSkipReason, quiet } from './netns.ts';

const hasIptables =
  spawnSync('sh', ['-c', 'command -v iptables || test -x /usr/sbin/iptables'], { stdio: 'ignore' }).status ===
  0;
const skipReason =
  dataPlaneSkipReason() ?? (hasIptables ? undefined : 'needs iptables (the router namespace masquerades)');
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'natted';

let server: TestServer;
let token: string;
let lab: MeshLab;
let nat: NatRouter;

/** The WireGuard endpoints an agent has for its peers, by public key. */
const endpoints = (agent: LabAgent): Map<string, string> =>
  new Map(
    quiet('ip', ['netns', 'exec', agent.ns, 'wg', 'show', agent.iface, 'endpoints'])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t') as [string, string]),
  );

if (skipReason !== undefined && isCi) {
  describe('agent behind a NAT namespace', () => {
    it('-> runs in CI', () => {
      throw new Error(`the NAT data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `agent behind a NAT namespace (MASQUERADE router, 2 agents on the bridge)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(811);
      // Namespaces 1 and 2 run agents on the bridge; namespace 3 is the router, the private host sits behind it.
      lab.up(3);
      nat = new NatRouter(lab.lab, lab.tag, 3);
      nat.up();
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.248.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['nat-agents'], networks: [NETWORK] });
      const port = new URL(server.url).port;
      lab.join(1, port, key.token);
      lab.join(2, port, key.token);
      lab.join(4, port, key.token); // agent-4, in the private namespace
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      nat?.down();
      lab?.down();
      await server?.close();
    }, 30_000);

    it("-> the server records the router's address as the private agent's endpoint (behind_nat), and the others reach it over the tunnel", async () => {
      const [one, two, hidden] = lab.agents as [LabAgent, LabAgent, LabAgent];
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((a) => lab.wgPeers(a).length === 2),
      );
      const hosts = async () =>
        (
          await server.request<{ name: string; endpointip: string; nat_type: string }[]>(
            'GET',
            '/api/hosts',
            { token },
          )
        ).body;
      await lab.waitUntil(
        "the private agent's endpoint to be the router's address",
        async () => (await hosts()).find((h) => h.name === 'agent-4')?.endpointip === nat.routerAddress,
      );
      expect((await hosts()).find((h) => h.name === 'agent-4')).toMatchObject({
        endpointip: nat.routerAddress,
        nat_type: 'behind_nat',
      });
      // The private address is not routable from the bridge: whatever gets through goes through the router.
      expect(lab.pings(one, nat.privateAddress)).toBe(false);

      const hiddenKey = lab.publicKeyOf(hidden);
      for (const agent of [one, two])
        expect(endpoints(agent).get(hiddenKey)).toMatch(
          new RegExp(`^${nat.routerAddress.replaceAll('.', '\\.')}:\\d+$`),
        );
      const addresses = await lab.meshAddresses(server, token, NETWORK);
      for (const from of [one, two]) {
        await lab.waitUntil(`${from.name} to ping the agent behind the NAT`, () =>
          lab.pings(from, addresses.get(hidden.name)!),
        );
      }
      for (const to of [one, two]) {
        await lab.waitUntil(`the agent behind the NAT to ping ${to.name}`, () =>
          lab.pings(hidden, addresses.get(to.name)!),
        );
      }
    }, 120_000);
  },
);
