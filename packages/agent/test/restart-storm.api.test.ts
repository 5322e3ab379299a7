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
const NETWORK = 'storm';
const AGENTS = 3;
const RESTARTS = 20;
/** Issue 19's promises: back on the broker within 5 s of every restart, a later peer change everywhere within 2 s. */
const BACK_ON_BROKER_MS = 5_000;
const PEER_CHANGE_MS = 2_000;
/** Outages are random but repeatable: the seed is printed, and MESHDECK_STORM_SEED replays a run. */
const seed = Number(process.env.MESHDECK_STORM_SEED ?? 19);

/** A small seeded generator (mulberry32): the same seed gives the same outages on every machine. */
function seeded(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let server: ProcessServer;
let api: TestServer;
let token: string;
let lab: MeshLab;

const allOnBroker = async (): Promise<boolean> => {
  const response = await api
    .request<{ broker_connected?: boolean }[]>('GET', '/api/hosts', { token })
    .catch(() => undefined);
  return (
    response?.status === 200 &&
    response.body.length === AGENTS &&
    response.body.every((h) => h.broker_connected === true)
  );
};

if (skipReason !== undefined && isCi) {
  describe('server restart storm with agents in network namespaces', () => {
    it('-> runs in CI', () => {
      throw new Error(`the restart-storm data-plane test must run in CI but cannot here: ${skipReason}`);
    });
  });
}

describe.skipIf(skipReason !== undefined)(
  `server restart storm (${AGENTS} agents in network namespaces, kill -9 and restart ${RESTARTS} times)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = new MeshLab(907);
      lab.up(AGENTS);
      server = new ProcessServer(await freePort(), await freePort(), path.join(lab.workDir, 'server-data'));
      await server.start();
      api = server.asTestServer();
      token = await createSuperAdminAndLogin(api);
      await createNetwork(api, token, NETWORK, { addressrange: `10.247.${lab.lab.subnet}.0/24` });
      const key = await createKey(api, token, { tags: ['storm-agents'], networks: [NETWORK] });
      for (let i = 1; i <= AGENTS; i++) lab.join(i, String(server.httpPort), key.token);
      await lab.waitUntil(
        `each agent to have ${AGENTS - 1} peers`,
        () => lab.agents.every((a) => lab.wgPeers(a).length === AGENTS - 1),
        120_000,
      );
      await lab.waitUntil('every agent on the broker', allOnBroker);
    }, 180_000);

    afterAll(async () => {
      lab?.down();
      await server?.kill();
    }, 30_000);

    it(`-> after each of ${RESTARTS} SIGKILL restarts (0.5-3 s outages) every agent is back on the broker within 5 s, and a later peer change reaches every agent within 2 s`, async () => {
      const random = seeded(seed);
      const outages: number[] = [];
      const backOnBroker: number[] = [];
      for (let restart = 1; restart <= RESTARTS; restart++) {
        await server.kill();
        const outageMs = Math.round(500 + random() * 2_500);
        outages.push(outageMs);
        // The outage itself is the scenario, not a wait for a condition: the server stays dead this long.
        await new Promise((resolve) => setTimeout(resolve, outageMs));
        await server.start();
        const answeredAt = Date.now();
        await lab.waitUntil(
          `every agent back on the broker within ${BACK_ON_BROKER_MS} ms of restart ${restart} (seed ${seed})`,
          allOnBroker,
          BACK_ON_BROKER_MS,
        );
        backOnBroker.push(Date.now() - answeredAt);
      }

      const [one, two, three] = lab.agents as [LabAgent, LabAgent, LabAgent];
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
        `the peer change on every agent within ${PEER_CHANGE_MS} ms`,
        () =>
          [one, two].every((a) => !lab.wgPeers(a).includes(leavingKey)) && lab.wgPeers(three).length === 0,
        PEER_CHANGE_MS,
      );
      const changeMs = Date.now() - changedAt;
      console.log(
        `restart storm (seed ${seed}): ${RESTARTS} SIGKILL restarts, outages ${Math.min(...outages)}-${Math.max(...outages)} ms; ` +
          `every agent back on the broker ${Math.min(...backOnBroker)}-${Math.max(...backOnBroker)} ms after the server answered (median ${[...backOnBroker].sort((a, b) => a - b)[RESTARTS >> 1]} ms); ` +
          `peer change on every agent in ${changeMs} ms`,
      );
      // A limit on the whole storm, not a speed check: 20 server starts on a loaded 2-core machine (CI runs this
      // beside CPU-bound suites) took more than 300 s at load 18; the promises above are the timed part.
    }, 900_000);
  },
);
