import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import { freePort } from '../../../apps/server/test/mosquitto.ts';
import { MeshLab } from './mesh-lab.ts';
import { dataPlaneSkipReason } from './netns.ts';
import { ProcessServer } from './process-server.ts';

/**
 * MESHDECK_SCALE_AGENTS=100 npx vitest run --project api packages/agent/test/scale.api.test.ts. Unset, the test
 * is skipped: `npm test` runs it on its own after the parallel pass (always in CI, with 100 agents), since a
 * hundred agents and wireguard-go processes beside other files would starve their deadlines.
 */
const count = Number(process.env.MESHDECK_SCALE_AGENTS ?? 0);
const skipReason = count < 3 ? 'set MESHDECK_SCALE_AGENTS (3 to 250) to run it' : dataPlaneSkipReason();
const NETWORK = 'scale';
/** The whole test's budget; MESHDECK_SCALE_TIMEOUT_S raises it on a machine shared with other work. */
const budgetMs = Number(process.env.MESHDECK_SCALE_TIMEOUT_S ?? 300) * 1000;

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function usage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMiB: Math.round(rssKiB / 1024) };
}

let lab: MeshLab;
let server: ProcessServer;

describe.skipIf(skipReason !== undefined)(`${count} agents on one server${skipReason ? `: skipped, ${skipReason}` : ''}`, () => {
  afterAll(async () => {
    lab?.down();
    await server?.kill();
  }, 120_000);

  it('-> every agent joins and gets all the others as peers; one change converges everywhere (prints times, server CPU and RSS)', async () => {
    const testStarted = Date.now();
    lab = new MeshLab(733);
    lab.up(count);
    server = new ProcessServer(await freePort(), await freePort(), path.join(lab.workDir, 'server-data'));
    await server.start();
    const api: TestServer = server.asTestServer();
    const token = await createSuperAdminAndLogin(api);
    await createNetwork(api, token, NETWORK, { addressrange: '10.254.0.0/16' });
    const key = await createKey(api, token, { tags: ['scale-agents'], networks: [NETWORK] });
    const pid = server.pid!;
    const before = usage(pid);
    const joinStarted = Date.now();
    for (let i = 1; i <= count; i++) lab.join(i, String(server.httpPort), key.token);
    // Each look runs `wg show` in every namespace: a slow interval keeps the test from loading the machine it measures.
    // Leave 60 s of the budget for the change below, so a slow join fails with its own message.
    const poll = { timeout: budgetMs - (Date.now() - testStarted) - 60_000, interval: 3000 };
    let registeredMs = 0;
    await vi.waitFor(async () => {
      const hosts = (await api.request<unknown[]>('GET', '/api/hosts', { token })).body.length;
      if (hosts === count && registeredMs === 0) registeredMs = Date.now() - joinStarted;
      // The count in the failure message says how far a too-slow run got, and why any agent stopped.
      const exited = lab.agents.filter((a) => a.child.exitCode !== null).map((a) => `${a.name} exited ${a.child.exitCode}: ${a.log.join('').slice(-300)}`);
      expect(`${lab.agents.filter((a) => lab.wgPeers(a).length === count - 1).length} of ${count} agents with all peers (${hosts} registered)${exited.length ? `\n${exited.join('\n')}` : ''}`).toBe(`${count} of ${count} agents with all peers (${count} registered)`);
    }, poll);
    const joinMs = Date.now() - joinStarted;
    const afterJoin = usage(pid);

    const leaving = lab.agents[count - 1]!;
    const leavingKey = lab.publicKeyOf(leaving);
    const hostId = (await api.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body.find((h) => h.name === leaving.name)!.id;
    const changeStarted = Date.now();
    expect((await api.request('DELETE', `/api/hosts/${hostId}/networks/${NETWORK}?force=true`, { token })).status).toBe(200);
    const others = lab.agents.slice(0, count - 1);
    await vi.waitFor(() => expect(others.filter((a) => lab.wgPeers(a).includes(leavingKey))).toEqual([]), poll);
    const changeMs = Date.now() - changeStarted;
    const afterChange = usage(pid);
    console.log(
      `scale: ${count} agents registered in ${(registeredMs / 1000).toFixed(1)} s, fully meshed in ${(joinMs / 1000).toFixed(1)} s (server CPU ${(afterJoin.cpuSeconds - before.cpuSeconds).toFixed(1)} s, RSS ${afterJoin.rssMiB} MiB); ` +
        `one removal reached all ${count - 1} others in ${(changeMs / 1000).toFixed(1)} s (server CPU ${(afterChange.cpuSeconds - afterJoin.cpuSeconds).toFixed(1)} s, RSS ${afterChange.rssMiB} MiB)`,
    );
  }, budgetMs);
});
