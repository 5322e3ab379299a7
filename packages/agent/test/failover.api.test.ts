import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason, sh } from './netns.ts';
import {
  allowedIpsOf,
  cutUnderlay,
  nodesByName,
  pingsOnce,
  restoreUnderlay,
  routingSkipReason,
} from './routing-lab.ts';

const skipReason = dataPlaneSkipReason() ?? routingSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'failover';

/**
 * Breaks the path between two agents in the middle: each drops what arrives from the other's underlay address, so
 * their sends still leave (and count) but nothing gets through, as when a network between them fails.
 */
function dropBetween(lab: MeshLab, a: LabAgent, b: LabAgent): void {
  for (const [self, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const nft = (...args: string[]) => sh('ip', ['netns', 'exec', self.ns, 'nft', ...args]);
    nft('add', 'table', 'inet', 'mdcut');
    nft('add chain inet mdcut input { type filter hook input priority -10; policy accept; }');
    nft(`add rule inet mdcut input ip saddr ${lab.lab.agentAddress(other.index)} drop`);
  }
}

let server: TestServer;
let token: string;
let lab: MeshLab;

if (skipReason !== undefined && isCi) {
  describe('failover data plane', () => {
    it('-> runs in CI', () => {
      throw new Error(`the failover data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `failover data plane (A and C cannot reach each other directly)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(919);
      lab.up(3);
      server = await startTestServer({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0', EDITION: 'pro' });
      token = await createSuperAdminAndLogin(server);
      await createNetwork(server, token, NETWORK, { addressrange: `10.241.${lab.lab.subnet}.0/24` });
      const key = await createKey(server, token, { tags: ['failover-lab'], networks: [NETWORK] });
      const port = new URL(server.url).port;
      for (const index of [1, 2, 3]) lab.join(index, port, key.token);
      cutUnderlay(lab, lab.agents[0]!, lab.agents[2]!);
    }, 120_000);

    afterAll(async () => {
      await lab?.stopAgents();
      lab?.down();
      await server?.close();
    }, 30_000);

    it('-> the agents notice they never complete a handshake, ask for failover, and then ping each other through the failover node (A reports C relayed for failover); once the direct path returns they end the pair and go direct again; when it breaks again while A sends, the pair goes through the failover node again', async () => {
      const [a, f, c] = lab.agents as [LabAgent, LabAgent, LabAgent];
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((agent) => lab.wgPeers(agent).length === 2),
      );
      const nodes = await nodesByName(server, token, NETWORK);
      const [na, nf, nc] = [nodes.get(a.name)!, nodes.get(f.name)!, nodes.get(c.name)!];
      await lab.waitUntil(
        'A and C to reach the future failover node',
        () => pingsOnce(a, nf.address) && pingsOnce(c, nf.address),
      );
      expect(pingsOnce(a, nc.address, 1)).toBe(false);
      const made = await server.request('POST', `/api/v1/node/${nf.id}/failover`, { token });
      expect(made.status).toBe(200);

      await lab.waitUntil(
        'A or C to ask for failover',
        () => [a, c].some((agent) => agent.log.join('').includes('asked the failover node to carry it')),
        90_000,
      );
      // C stays on A's interface as a probe peer without allowed IPs (it only shakes hands): F carries C.
      await lab.waitUntil(
        'A to have F as the only carrier of C',
        () =>
          allowedIpsOf(a, lab.publicKeyOf(c))?.length === 0 &&
          (allowedIpsOf(a, lab.publicKeyOf(f)) ?? []).includes(`${nc.address}/32`),
      );
      await lab.waitUntil('A to ping C through F', () => pingsOnce(a, nc.address));
      await lab.waitUntil('C to ping A through F', () => pingsOnce(c, na.address));
      const log = [a, c].map((agent) => agent.log.join('')).join('');
      expect(log).toMatch(/failover: agent-[13] in failover unreachable directly \(no handshake in \d+ s\)/);
      // A's metrics report says why C is relayed: handed to the failover node (issue 41).
      type Metrics = { nodes: Record<string, { connectivity: Record<string, Record<string, unknown>> }> };
      let edge: Record<string, unknown> | undefined;
      await lab
        .waitUntil("A's metrics to show C relayed through F for failover", async () => {
          const metrics = await server.request<Metrics>('GET', `/api/metrics/${NETWORK}`, { token });
          edge = metrics.body.nodes?.[na.id]?.connectivity[nc.id];
          return edge?.path === 'relayed' && edge.via === nf.id && edge.reason === 'failover';
        })
        .catch((error: unknown) => {
          throw new Error(`A's last report of C: ${JSON.stringify(edge)} (F is ${nf.id})\n${String(error)}`);
        });

      // The direct path comes back: the probe peers shake hands, an agent ends the pair, and A and C go direct.
      restoreUnderlay(lab, a, c);
      const restoredAt = Date.now();
      await lab.waitUntil(
        'A or C to end the failed-over pair',
        () =>
          [a, c].some((agent) =>
            agent.log
              .join('')
              .includes('reachable directly again (a direct handshake completed); ended the pair'),
          ),
        60_000,
      );
      await lab.waitUntil(
        'A to have C as a direct peer again, and F no longer carrying C',
        () =>
          (allowedIpsOf(a, lab.publicKeyOf(c)) ?? []).includes(`${nc.address}/32`) &&
          !(allowedIpsOf(a, lab.publicKeyOf(f)) ?? []).includes(`${nc.address}/32`),
      );
      process.stdout.write(
        `failover: the pair went direct ${Date.now() - restoredAt} ms after the path came back\n`,
      );
      const after = await server.request<any[]>('GET', `/api/nodes/${NETWORK}`, { token });
      for (const node of after.body.filter((n) => n.id === na.id || n.id === nc.id))
        expect(Object.keys(node.fail_over_peers ?? {})).toEqual([]);
      await lab.waitUntil('A to ping C directly', () => pingsOnce(a, nc.address));
      await lab.waitUntil('C to ping A directly', () => pingsOnce(c, na.address));

      // Issue 41: the direct path of the now connected pair breaks (in the middle: A's packets still leave) while A
      // keeps pinging C. The path watch sees nothing come back and hands the pair to F (decision 057), instead of
      // waiting for a 3-minute stale handshake. The times are printed (the bench figure), never asserted.
      const pinger = spawn(
        'ip',
        ['netns', 'exec', a.ns, 'ping', '-D', '-n', '-i', '0.2', '-W', '1', nc.address],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      let replies = '';
      pinger.stdout.on('data', (d: Buffer) => (replies += d.toString()));
      const replyTimes = () =>
        [...replies.matchAll(/^\[(\d+\.\d+)\] \d+ bytes from/gm)].map((m) => Number(m[1]) * 1000);
      try {
        await lab.waitUntil(
          "A's continuous ping to C to be answered directly",
          () => replyTimes().length > 3,
        );
        const logFrom = [a, c].map((agent) => agent.log.length);
        const newLog = () => [a, c].map((agent, i) => agent.log.slice(logFrom[i]).join('')).join('');
        dropBetween(lab, a, c);
        const cutAt = Date.now();
        await lab.waitUntil(
          'A or C to find the direct path broken and ask for failover',
          () => /unreachable directly \(nothing back for \d+ s while sending/.test(newLog()),
          60_000,
        );
        const askedMs = Date.now() - cutAt;
        await lab.waitUntil('A to have F as the only carrier of C again', () =>
          (allowedIpsOf(a, lab.publicKeyOf(f)) ?? []).includes(`${nc.address}/32`),
        );
        const carriedMs = Date.now() - cutAt;
        // Replies to echoes sent before the cut arrive within milliseconds; any later one went through F.
        await lab.waitUntil("A's continuous ping to be answered again, through F", () =>
          replyTimes().some((t) => t > cutAt + 500),
        );
        const resumedMs = Math.round(replyTimes().find((t) => t > cutAt + 500)! - cutAt);
        process.stdout.write(
          `failover (connected pair, path cut while A pings C): asked ${askedMs} ms, F carries C ${carriedMs} ms, A's pings answered through F ${resumedMs} ms after the cut\n`,
        );
      } finally {
        pinger.kill();
      }
    }, 300_000);
  },
);
