// The server side of control-plane.bench.ts: a real server in its own process (so its CPU, memory and event-loop
// lag are its own), driven over IPC: it reports tokens, seeds data and measures one peer change on request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { createKey } from '../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { presentRawHost } from '../src/modules/hosts/hosts.presenter.ts';
import { HostsRepository } from '../src/modules/hosts/hosts.repository.ts';
import { PeerUpdateBuilder } from '../src/modules/peers/peer-publisher.ts';
import { PeersRepository } from '../src/modules/peers/peers.repository.ts';
import { percentile, seedNetwork } from './seed.ts';

// A built console is not needed: GET /login only has to be the static page the issue measures.
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-bench-console-'));
fs.writeFileSync(
  path.join(consoleDir, 'index.html'),
  '<!doctype html><title>Meshdeck</title><div id="root"></div>',
);
const server = await startTestServer({ CONSOLE_DIR: consoleDir });
const token = await createSuperAdminAndLogin(server);
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

type Request = { id: number; op: string; args?: Record<string, unknown> };

async function peerChange(size: number, runs: number) {
  const db = server.app.meshdeck.database.db;
  const hosts = new HostsRepository(db);
  let bytes = 0;
  const publish = server.app.meshdeck.broker.publish.bind(server.app.meshdeck.broker);
  // Every host counts as listening, so this measures the full fan-out, not the skip of offline hosts.
  const sink = {
    listeningHosts: () => undefined,
    publish: (...args: string[]) => {
      const [topic, payload] =
        args.length === 3 ? [args[1] ?? '', args[2] ?? ''] : [args[0] ?? '', args[1] ?? ''];
      bytes += payload.length;
      return publish(topic, payload, { qos: 0 });
    },
    describeHost: async (hostId: string) => {
      const host = await hosts.findById(hostId);
      return host && { host: presentRawHost(host, []), nodes: [] };
    },
  };
  const builder = new PeerUpdateBuilder(new PeersRepository(db), sink, 'meshdeck');
  await createNetwork(server, token, `mesh${size}`, { addressrange: '10.90.0.0/16' });
  const ids = await seedNetwork(server, `mesh${size}`, '10.90.0.0/16', size);
  const times: number[] = [];
  let messages = 0;
  bytes = 0;
  const cpu = process.cpuUsage();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const stats = await builder.publish([{ hostId: ids[run] ?? '' }]);
    times.push(performance.now() - started);
    messages = stats.messages;
  }
  const used = process.cpuUsage(cpu);
  return {
    ms: percentile(times, 50),
    cpuMs: (used.user + used.system) / 1000 / runs,
    messages,
    bytes: bytes / runs,
  };
}

async function handle(request: Request): Promise<unknown> {
  const args = request.args ?? {};
  switch (request.op) {
    case 'info': {
      await createNetwork(server, token, 'bench', { addressrange: '10.64.0.0/16' });
      const key = await createKey(server, token, { tags: ['bench-joins'], networks: ['bench'] });
      return { url: server.url, token, joinToken: key.token };
    }
    case 'mark':
      lag.reset();
      return null;
    case 'stats': {
      const cpu = process.cpuUsage();
      const memory = process.memoryUsage();
      return {
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
        ...memory,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    }
    case 'seed': {
      await createNetwork(server, token, String(args.network), { addressrange: String(args.range) });
      await seedNetwork(server, String(args.network), String(args.range), Number(args.count));
      return null;
    }
    case 'peerChange':
      return peerChange(Number(args.size), Number(args.runs));
    case 'heapSnapshot':
      // Only on request (BENCH_HEAP_SNAPSHOT): writing one pauses the process for seconds.
      return v8.writeHeapSnapshot(String(args.file));
    case 'close':
      await server.close();
      setImmediate(() => process.exit(0));
      return null;
    default:
      throw new Error(`unknown op ${request.op}`);
  }
}

process.on('message', (message: Request) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
process.send?.({ id: 0, result: 'ready' });
