import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { missingTools, startReplicaLab, type ReplicaLab } from '../../../test/replica-lab.ts';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const missing = missingTools();
// In CI a missing tool fails the run (scripts/test-all.mjs, mustRun); elsewhere the suite says what to install.
const skipReason = !isCi && missing.length > 0 ? `needs ${missing.join(', ')}` : undefined;
const LOGIN_LIMIT = 8;
const WRITES = 30;

let lab: ReplicaLab;
let token: string;

/** Opens GET /api/v1/events on `url` and collects its text; `until` waits for a marker (with a limit). */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const read = async () => {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the stream ended:\n${text}`);
    text += decoder.decode(chunk.value);
  };
  while (!text.includes(': connected')) await read();
  return {
    async until(marker: string, limitMs: number) {
      const timer = setTimeout(() => controller.abort(), limitMs);
      try {
        while (!text.includes(marker)) await read();
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => controller.abort(),
  };
}

describe.skipIf(skipReason !== undefined)(
  `two replicas on one PostgreSQL and one Mosquitto behind haproxy${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = await startReplicaLab({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) } });
      token = await createSuperAdminAndLogin(lab.asTestServer());
    }, 120_000);

    afterAll(async () => {
      await lab?.stop();
    }, 60_000);

    it('-> when a network is created through replica 2, a console streaming from replica 1 hears of it', async () => {
      const [first, second] = lab.replicas;
      const stream = await openStream(first!.url);
      const started = performance.now();
      await createNetwork(second!.asTestServer(lab.databaseName), token, 'office');
      // A limit on waiting, not a speed check (the issue's 1 s is measured and printed, decision 062).
      await stream.until('"id":"office"', 15_000);
      const delayMs = performance.now() - started;
      console.log(`replica 2 write -> replica 1 stream: ${delayMs.toFixed(1)} ms (write included)`);
      stream.close();
      const listed = await first!.request<{ netid: string }[]>('GET', '/api/networks', { token });
      expect(listed.body.map((n) => n.netid)).toContain('office');
    });

    it(`-> when a node is changed ${WRITES} times on replica 2, each list read from replica 1 right after shows the change`, async () => {
      const [first, second] = lab.replicas;
      const server = second!.asTestServer(lab.databaseName);
      await createNetwork(server, token, 'lab', { addressrange: '10.61.0.0/24' });
      const [host] = await registerFleet(server, token, ['lab'], ['desk']);
      const node = host!.nodes[0]!;
      const readMetadata = async () => {
        const listed = await first!.request<{ id: string; metadata: string }[]>('GET', '/api/nodes/lab', {
          token,
        });
        expect(listed.status).toBe(200);
        return listed.body.find((n) => n.id === node.id)?.metadata;
      };
      const stale: string[] = [];
      for (let write = 1; write <= WRITES; write += 1) {
        // Replica 1 holds the list in its cache before each write.
        await readMetadata();
        const metadata = `write ${write}`;
        const changed = await second!.request('PUT', `/api/nodes/lab/${node.id}`, {
          token,
          body: { metadata },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        const seen = await readMetadata();
        if (seen !== metadata) stale.push(`${metadata}: read ${seen}`);
      }
      expect(stale).toEqual([]);
    });

    it('-> the login limit holds across both replicas: the attempts over it are refused by either', async () => {
      const attempt = (index: number) =>
        lab.replicas[index % 2]!.request('POST', '/api/users/adm/authenticate', {
          body: { username: 'admin', password: 'not-the-password' },
        });
      const answered: number[] = [];
      for (let index = 0; index < 2 * LOGIN_LIMIT && !answered.includes(429); index += 1)
        answered.push((await attempt(index)).status);
      // One login was spent by beforeAll; without a shared count each replica would allow the whole limit.
      expect(answered.indexOf(429)).toBe(LOGIN_LIMIT - 1);
      expect(answered.slice(0, -1).every((status) => status !== 429)).toBe(true);
      expect((await attempt(0)).status).toBe(429);
      expect((await attempt(1)).status).toBe(429);
      expect(
        (
          await lab.request('POST', '/api/users/adm/authenticate', {
            body: { username: 'admin', password: 'x' },
          })
        ).status,
      ).toBe(429);
    });

    it('-> when replica 2 is killed, every request through the proxy is still answered, and it comes back', async () => {
      await lab.kill(1);
      for (let i = 0; i < 10; i += 1) {
        const response = await lab.request('GET', '/api/networks', { token });
        expect(response.status).toBe(200);
      }
      await lab.restart(1);
      expect(await lab.proxyState()).toEqual({ replica0: 'UP', replica1: 'UP' });
      expect((await lab.replicas[1]!.request('GET', '/api/networks', { token })).status).toBe(200);
    }, 120_000);
  },
);
