import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import {
  createNetwork,
  createSuperAdminAndLogin,
  createUserWithRole,
} from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason, quiet, sh } from './netns.ts';
import { allowedIpsOf, pingsOnce, routingSkipReason } from './routing-lab.ts';

const skipReason = dataPlaneSkipReason() ?? routingSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';

let server: TestServer;
let token: string;
let netAdmin: string;
let lab: MeshLab;
/** The server's address on the lab bridge, and a second one that only H reaches, through a router. */
let bridgeUrl: string;
let routedServer: string;
let netA: string;
let netB: string;

if (skipReason !== undefined && isCi) {
  describe('route claims data plane', () => {
    it('-> runs in CI', () => {
      throw new Error(`the route-claims data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

/** The device `ip route get` picks in an agent's namespace for an address. */
const routeDevice = (agent: LabAgent, address: string): string =>
  /dev (\S+)/.exec(quiet('ip', ['netns', 'exec', agent.ns, 'ip', 'route', 'get', address]))?.[1] ?? '';

/** A request as the console sends it to the server's bridge address (the server then knows that address). */
async function asNetworkAdmin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${bridgeUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${netAdmin}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { Message?: string } };
}

/** Node id, mesh address and last check-in of agent `name` in `network`. */
async function nodeOf(network: string, name: string) {
  const nodes = (
    await server.request<{ id: string; hostid: string; address: string; lastcheckin: number }[]>(
      'GET',
      `/api/nodes/${network}`,
      { token },
    )
  ).body;
  const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body;
  const host = hosts.find((h) => h.name === name);
  const node = nodes.find((n) => n.hostid === host?.id);
  if (!node) throw new Error(`${name} has no node in ${network}`);
  return { id: node.id, address: node.address.split('/')[0] ?? '', lastcheckin: node.lastcheckin };
}

describe.skipIf(skipReason !== undefined)(
  `route claims data plane (H in two networks, G an egress gateway of A, B in B)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(811);
      lab.up(3);
      const subnet = lab.lab.subnet;
      netA = `10.241.${subnet}.0/24`;
      netB = `10.242.${subnet}.0/24`;
      // A second server address that H reaches only through a router (here the root namespace): a server behind
      // a NAT or a port forward is reached at an address it does not know as its own.
      routedServer = `10.251.${subnet}.1`;
      sh('ip', ['addr', 'add', `${routedServer}/32`, 'dev', lab.lab.bridge]);
      const [h] = lab.lab.namespaces as [string];
      sh('ip', [
        'netns',
        'exec',
        h,
        'ip',
        'route',
        'add',
        `10.251.${subnet}.0/24`,
        'via',
        lab.lab.bridgeAddress,
      ]);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0', EDITION: 'pro' });
      const port = new URL(server.url).port;
      bridgeUrl = `http://${lab.lab.bridgeAddress}:${port}`;
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, 'neta', { addressrange: netA });
      await createNetwork(server, token, 'netb', { addressrange: netB });
      netAdmin = await createUserWithRole(server, 'lab-neta-admin', 'platform-user', [
        'neta-network-admin-grp',
      ]);
      const both = await createKey(server, token, { tags: ['claims-both'], networks: ['neta', 'netb'] });
      const onlyA = await createKey(server, token, { tags: ['claims-a'], networks: ['neta'] });
      const onlyB = await createKey(server, token, { tags: ['claims-b'], networks: ['netb'] });
      // H (1) talks to the server at the routed address; G (2) and B (3) on the bridge.
      lab.join(1, port, both.token, ['--server', `http://${routedServer}:${port}`]);
      lab.join(2, port, onlyA.token);
      lab.join(3, port, onlyB.token);
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      if (lab) sh('ip', ['addr', 'del', `${routedServer}/32`, 'dev', lab.lab.bridge]);
      lab?.down();
      await server?.close();
    }, 30_000);

    it("-> a network admin's egress range over the server, a peer endpoint or another network is refused, and H in two networks keeps reaching the server and both", async () => {
      const [h, g, b] = lab.agents as [LabAgent, LabAgent, LabAgent];
      await lab.waitUntil('H to have its peers in both networks, G and B theirs', () => {
        const [ph, pg, pb] = [h, g, b].map((agent) => lab.wgPeers(agent).length);
        return ph === 2 && pg === 1 && pb === 1;
      });
      const gNode = await nodeOf('neta', g.name);
      // What the refused calls must leave alone: G's routing fields (check-in times move on by themselves).
      const egressOf = async () =>
        (
          await server.request<{ id: string; isegressgateway: boolean; egressgatewayranges: string[] }[]>(
            'GET',
            '/api/nodes/neta',
            { token },
          )
        ).body.map((n) => [n.id, n.isegressgateway, n.egressgatewayranges]);
      const before = await egressOf();
      const attempts: [string[], RegExp][] = [
        [
          [`10.250.${lab.lab.subnet}.0/24`],
          new RegExp(`covers the server's address ${lab.lab.bridgeAddress.replaceAll('.', '\\.')}`),
        ],
        [
          [`${lab.lab.agentAddress(3)}/32`],
          new RegExp(`covers host ${b.name}'s endpoint ${lab.lab.agentAddress(3).replaceAll('.', '\\.')}`),
        ],
        [[netB], /overlaps network netb's range/],
      ];
      for (const [ranges, message] of attempts) {
        const answer = await asNetworkAdmin('POST', `/api/nodes/neta/${gNode.id}/creategateway`, {
          ranges,
          natenabled: 'yes',
        });
        expect(answer.status, ranges[0]).toBe(400);
        expect(answer.body.Message, ranges[0]).toMatch(/^ranges: /);
        expect(answer.body.Message, ranges[0]).toMatch(message);
      }
      expect(await egressOf()).toEqual(before);

      const [hA, hB, bB] = [
        await nodeOf('neta', h.name),
        await nodeOf('netb', h.name),
        await nodeOf('netb', b.name),
      ];
      await lab.waitUntil('H to ping G in network A and B in network B', async () => {
        const gA = (await nodeOf('neta', g.name)).address;
        return pingsOnce(h, gA) && pingsOnce(h, bB.address);
      });
      expect(pingsOnce(b, hB.address)).toBe(true);
      const seen = (await nodeOf('neta', h.name)).lastcheckin;
      await lab.waitUntil('H to check in with the server again', async () => {
        return (await nodeOf('neta', h.name)).lastcheckin > seen;
      });
      expect(hA.address).not.toBe('');
    }, 240_000);

    it('-> when a range that covers the address H reaches the server at is pushed anyway, H pins it and keeps the server and both networks', async () => {
      const [h, g, b] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const gNode = await nodeOf('neta', g.name);
      // The server does not know 10.251.x.1 as its own (the admin reaches it on the bridge), so it takes the range:
      // what a later host endpoint or a server behind a NAT looks like to the write-time check.
      const range = `10.251.${lab.lab.subnet}.0/24`;
      const answer = await asNetworkAdmin('POST', `/api/nodes/neta/${gNode.id}/creategateway`, {
        ranges: [range],
        natenabled: 'yes',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await lab.waitUntil('H to route the range into the tunnel', () =>
        quiet('ip', ['netns', 'exec', h.ns, 'ip', 'route', 'show', 'dev', h.iface]).includes(range),
      );
      expect(allowedIpsOf(h, lab.publicKeyOf(g))).toContain(range);
      // The server's address stays on H's own path: a host route (protocol 78) through the router.
      expect(routeDevice(h, routedServer)).not.toBe(h.iface);
      expect(quiet('ip', ['netns', 'exec', h.ns, 'ip', 'route', 'show', 'proto', '78'])).toContain(
        routedServer,
      );
      // The log reaches this process through a pipe, after the route does.
      await lab.waitUntil("H's log to name the pin", () =>
        h.log.join('').includes(`underlay: ${routedServer} kept off the tunnel`),
      );
      // ... so H keeps talking with the server (check-ins), hears of changes, and reaches both networks.
      const seen = (await nodeOf('neta', h.name)).lastcheckin;
      await lab.waitUntil('H to check in with the server after the range came', async () => {
        return (await nodeOf('neta', h.name)).lastcheckin > seen;
      });
      const bB = await nodeOf('netb', b.name);
      const gA = await nodeOf('neta', g.name);
      expect(pingsOnce(h, gA.address)).toBe(true);
      expect(pingsOnce(h, bB.address)).toBe(true);
      // Removing the range removes the pin.
      expect((await asNetworkAdmin('DELETE', `/api/nodes/neta/${gNode.id}/deletegateway`)).status).toBe(200);
      await lab.waitUntil(
        'the pin to go with the range',
        () =>
          !quiet('ip', ['netns', 'exec', h.ns, 'ip', 'route', 'show', 'proto', '78']).includes(routedServer),
      );
      expect(routeDevice(h, routedServer)).not.toBe(h.iface);
    }, 240_000);
  },
);
