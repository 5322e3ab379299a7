// Registration throughput against a real server: N hosts register with one unlimited key, C at a time.
import { createKey, hostBody } from '../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { percentile } from './seed.ts';

const TOTAL = 500;
const CONCURRENCY = 25;

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'bench', { addressrange: '10.60.0.0/16' });
  const key = await createKey(server, token, { tags: ['bench-key'], networks: ['bench'] });
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < TOTAL) {
      const host = hostBody(`bench-${next++}`);
      const started = performance.now();
      const response = await server.request('POST', `/api/v1/host/register/${encodeURIComponent(key.token)}`, { body: host.body });
      if (response.status !== 200) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`registration_throughput: ${(TOTAL / seconds).toFixed(1)} registrations/s`);
  console.log(`registration_latency_p50: ${percentile(latencies, 50).toFixed(1)} ms`);
  console.log(`registration_latency_p95: ${percentile(latencies, 95).toFixed(1)} ms`);
} finally {
  await server.close();
}
