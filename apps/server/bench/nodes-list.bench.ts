// GET /api/nodes with 10,000 nodes (seeded through the repositories): latency and bytes on the wire, once
// uncompressed and once with brotli, read with node:http so the client neither decompresses nor parses JSON.
import http from 'node:http';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { percentile, seedNetwork } from './seed.ts';

const NODES = 10_000;
const RUNS = 30;
const WARM_UP = 3;

/** One GET; resolves with the time to the last byte and the number of bytes received. */
function timedGet(url: string, token: string, encoding: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - started, bytes, status: response.statusCode ?? 0 }));
    });
    request.on('error', reject);
  });
}

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'big', { addressrange: '10.70.0.0/16' });
  await seedNetwork(server, 'big', '10.70.0.0/16', NODES);
  const check = await server.request<unknown[]>('GET', '/api/nodes', { token });
  if (check.body.length !== NODES) throw new Error(`expected ${NODES} nodes, got ${check.body.length}`);
  for (const [label, encoding] of [['identity', 'identity'], ['br', 'br']] as const) {
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const result = await timedGet(`${server.url}/api/nodes`, token, encoding);
      if (result.status !== 200) throw new Error(`GET /api/nodes answered ${result.status}`);
      if (i >= WARM_UP) latencies.push(result.ms); // the first calls warm caches and the JIT
      bytes = result.bytes;
    }
    console.log(`get_nodes_10000_${label}_p50: ${percentile(latencies, 50).toFixed(1)} ms`);
    console.log(`get_nodes_10000_${label}_p95: ${percentile(latencies, 95).toFixed(1)} ms`);
    console.log(`get_nodes_10000_${label}_bytes: ${(bytes / 1024).toFixed(0)} KiB`);
  }
} finally {
  await server.close();
}
