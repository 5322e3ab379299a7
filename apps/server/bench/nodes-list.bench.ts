// GET /api/nodes latency with 10,000 nodes (seeded through the repositories).
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { percentile, seedNetwork } from './seed.ts';

const NODES = 10_000;
const RUNS = 30;

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'big', { addressrange: '10.70.0.0/16' });
  await seedNetwork(server, 'big', '10.70.0.0/16', NODES);
  const latencies: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const response = await server.request<unknown[]>('GET', '/api/nodes', { token });
    if (i >= 3) latencies.push(performance.now() - started); // the first calls warm caches and the JIT
    count = response.body.length;
  }
  if (count !== NODES) throw new Error(`expected ${NODES} nodes, got ${count}`);
  console.log(`get_nodes_10000_p50: ${percentile(latencies, 50).toFixed(1)} ms`);
  console.log(`get_nodes_10000_p95: ${percentile(latencies, 95).toFixed(1)} ms`);
} finally {
  await server.close();
}
