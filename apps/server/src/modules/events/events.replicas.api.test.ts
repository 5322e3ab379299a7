import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { missingTools, startReplicaLab, type ReplicaLab } from '../../../test/replica-lab.ts';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const missing = missingTools();
// In CI a missing tool fails the run (scripts/test-all.mjs, mustRun); elsewhere the suite says what to install.
const skipReason = !isCi && missing.length > 0 ? `needs ${missing.join(', ')}` : undefined;

let lab: ReplicaLab;
let token: string;

describe.skipIf(skipReason !== undefined)(
  `two replicas on one PostgreSQL and one Mosquitto behind haproxy${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      lab = await startReplicaLab();
      token = await createSuperAdminAndLogin(lab.asTestServer());
    }, 120_000);

    afterAll(async () => {
      await lab?.stop();
    }, 60_000);

    it('-> when a network is created through replica 2, replica 1 lists it', async () => {
      const [first, second] = lab.replicas;
      await createNetwork(second!.asTestServer(lab.databaseName), token, 'office');
      const listed = await first!.request<{ netid: string }[]>('GET', '/api/networks', { token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((n) => n.netid)).toContain('office');
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
