import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import { freePort } from '../../../apps/server/test/mosquitto.ts';
import { MeshLab, type LabAgent } from './mesh-lab.ts';
import { dataPlaneSkipReason } from './netns.ts';
import { ProcessServer } from './process-server.ts';

const skipReason = dataPlaneSkipReason();
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const NETWORK = 'outage';
/** Echo replies that must come back while the server is down: 150 at 0.2 s apart, the 30 s outage of issue 19. */
const REPLIES_DURING_OUTAGE = 150;

let server: ProcessServer;
let api: TestServer;
let token: string;
let lab: MeshLab;

/** `ping -i 0.2` in the background, counting replies as they come. */
function pingContinuously(from: LabAgent, address: string) {
  const child = spawn('ip', ['netns', 'exec', from.ns, 'ping', '-i', '0.2', '-W', '1', address], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const state = { replies: 0, output: '' };
  child.stdout.on('data', (d: Buffer) => {
    state.output += d.toString();
    state.replies = state.output.split('bytes from').length - 1;
  });
  return {
    state,
    stop: () =>
      new Promise<{ sent: number; received: number; lastAnswered: number }>((resolve) => {
        child.on('close', () => {
          const match = /(\d+) packets transmitted, (\d+) received/.exec(state.output);
          const answered = [...state.output.matchAll(/bytes from .*icmp_seq=(\d+)/g)].map((m) =>
            Number(m[1]),
          );
          resolve({
            sent: Number(match?.[1] ?? 0),
            received: Number(match?.[2] ?? 0),
            lastAnswered: Math.max(0, ...answered),
          });
        });
        child.kill('SIGINT');
      }),
  };
}

const brokerStates = async () =>
  (await api.request<{ name: string; broker_connected?: boolean }[]>('GET', '/api/hosts', { token })).body;

if (skipReason !== undefined && isCi) {
  describe('server outage with agents in network namespaces', () => {
    it('-> runs in CI', () => {
      throw new Error(`the data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `server outage (3 agents in network namespaces, the server killed with SIGKILL)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(577);
      lab.up(3);
      server = new ProcessServer(await freePort(), await freePort(), path.join(lab.workDir, 'server-data'));
      await server.start();
      api = server.asTestServer();
      token = await createSuperAdminAndLogin(api);
      await createNetwork(api, token, NETWORK, { addressrange: `10.253.${lab.lab.subnet}.0/24` });
      const key = await createKey(api, token, { tags: ['outage-agents'], networks: [NETWORK] });
      for (let i = 1; i <= 3; i++) lab.join(i, String(server.httpPort), key.token);
      await lab.waitUntil('each agent to have 2 peers', () =>
        lab.agents.every((a) => lab.wgPeers(a).length === 2),
      );
    }, 120_000);

    afterAll(async () => {
      lab?.down();
      await server?.kill();
    }, 30_000);

    it('-> while the server is down pings between agents continue; after the restart every agent is back on the broker and a peer change reaches every agent', async () => {
      const [one, two, three] = lab.agents as [LabAgent, LabAgent, LabAgent];
      const addresses = await lab.meshAddresses(api, token, NETWORK);
      for (const [from, to] of [
        [one, two],
        [two, three],
        [three, one],
      ] as const) {
        await lab.waitUntil(`${from.name} to ping ${to.name}`, () =>
          lab.pings(from, addresses.get(to.name)!),
        );
      }
      await lab.waitUntil('every agent on the broker', async () =>
        (await brokerStates()).every((h) => h.broker_connected === true),
      );
      const pings = [
        pingContinuously(one, addresses.get(two.name)!),
        pingContinuously(two, addresses.get(three.name)!),
      ];

      await server.kill();
      const killedAt = Date.now();
      await lab.waitUntil('every agent to notice the broker is gone', () =>
        lab.agents.every((a) => a.log.join('').includes('connection lost')),
      );
      const repliesAtKill = pings.map((p) => p.state.replies);
      await lab.waitUntil(
        `${REPLIES_DURING_OUTAGE} more echo replies per pair while the server is down`,
        () => pings.every((p, i) => p.state.replies >= repliesAtKill[i]! + REPLIES_DURING_OUTAGE),
        60_000,
      );
      const outageMs = Date.now() - killedAt;

      await server.start();
      const restartedAt = Date.now();
      await lab.waitUntil(
        'every agent back on the broker',
        async () => (await brokerStates()).every((h) => h.broker_connected === true),
        30_000,
      );
      const backOnBrokerMs = Date.now() - restartedAt;

      const hosts = (await api.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body;
      const leavingKey = lab.publicKeyOf(three);
      const changedAt = Date.now();
      expect(
        (
          await api.request(
            'DELETE',
            `/api/hosts/${hosts.find((h) => h.name === three.name)!.id}/networks/${NETWORK}?force=true`,
            { token },
          )
        ).status,
      ).toBe(200);
      await lab.waitUntil(
        'the peer change on every agent',
        () =>
          [one, two].every((a) => !lab.wgPeers(a).includes(leavingKey)) && lab.wgPeers(three).length === 0,
        30_000,
      );
      const changeMs = Date.now() - changedAt;

      const [between, toLeaving] = [await pings[0]!.stop(), await pings[1]!.stop()];
      console.log(
        `outage: server down ${outageMs} ms; agents back on the broker ${backOnBrokerMs} ms after the restart; peer change on every agent in ${changeMs} ms; ` +
          `pings agent-1 -> agent-2 ${between.received}/${between.sent}, agent-2 -> agent-3 ${toLeaving.received}/${toLeaving.sent} (agent-3 left the network at the end)`,
      );
      expect(between.sent).toBeGreaterThan(REPLIES_DURING_OUTAGE);
      // The tunnel carried on: at most one echo up to the last answered went unanswered (a loaded 2-core CI
      // machine once dropped one of 168 in userspace WireGuard; a tunnel that stopped would lose the ~150 echoes
      // of the outage). Stopping ping can also catch one echo in flight, which ping counts as sent and not
      // received (CI once saw 164 of 165 that way).
      expect(between.lastAnswered - between.received).toBeLessThanOrEqual(1);
      expect(between.sent - between.received).toBeLessThanOrEqual(2);
    }, 180_000);
  },
);
