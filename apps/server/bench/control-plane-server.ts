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
import { DEFAULT_NODE_SETTINGS } from '../src/modules/nodes/nodes.public.ts';
import { percentile, seedNetwork } from './seed.ts';

// A built console is not needed: GET /login only has to be the static page the issue measures.
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-bench-console-'));
fs.writeFileSync(
  path.join(consoleDir, 'index.html'),
  '<!doctype html><title>Meshdeck</title><div id="root"></div>',
);
const server = await startTestServer({ CONSOLE_DIR: consoleDir, EDITION: 'pro' });
const token = await createSuperAdminAndLogin(server);
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

type Request = { id: number; op: string; args?: Record<string, unknown> };

/** A peer-update builder whose sink publishes to the broker and counts the bytes. */
function countingBuilder() {
  const db = server.app.meshdeck.database.db;
  const hosts = new HostsRepository(db);
  const counted = { bytes: 0 };
  const publish = server.app.meshdeck.broker.publish.bind(server.app.meshdeck.broker);
  // Every host counts as listening, so this measures the full fan-out, not the skip of offline hosts.
  const sink = {
    listeningHosts: () => undefined,
    publish: (...args: string[]) => {
      const [topic, payload] =
        args.length === 3 ? [args[1] ?? '', args[2] ?? ''] : [args[0] ?? '', args[1] ?? ''];
      counted.bytes += payload.length;
      return publish(topic, payload, { qos: 0 });
    },
    describeHost: async (hostId: string) => {
      const host = await hosts.findById(hostId);
      return host && { host: presentRawHost(host, []), nodes: [] };
    },
  };
  return { builder: new PeerUpdateBuilder(new PeersRepository(db), sink, 'meshdeck'), counted };
}

async function peerChange(size: number, runs: number) {
  const { builder, counted } = countingBuilder();
  await createNetwork(server, token, `mesh${size}`, { addressrange: '10.90.0.0/16' });
  const ids = await seedNetwork(server, `mesh${size}`, '10.90.0.0/16', size);
  const times: number[] = [];
  let messages = 0;
  counted.bytes = 0;
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
    bytes: counted.bytes / runs,
  };
}

/** Routing roles seeded into a 5,000-host mesh for `routingChange`, and one host of each kind to change. */
const ROUTING = { relays: 50, relayedPerRelay: 10, gatewayPairs: 10, inetClients: 100 };

async function post(path: string, body: unknown): Promise<void> {
  const response = await server.request('POST', path, { token, body });
  if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
}

/**
 * One host change in a `size`-host mesh that has relays, HA egress gateways and an internet gateway: relays and
 * gateways are made through their routes (the real rules and transactions); the internet gateway, a Pro route,
 * is written as the same node settings its route writes. Measures one publish per kind of changed host.
 */
async function routingChange(size: number, runs: number) {
  const db = server.app.meshdeck.database.db;
  const netid = `routed${size}`;
  await createNetwork(server, token, netid, { addressrange: '10.92.0.0/16' });
  const hostIds = await seedNetwork(server, netid, '10.92.0.0/16', size);
  const nodes = await db.selectFrom('nodes').select(['id', 'host_id']).where('network', '=', netid).execute();
  const nodeOf = new Map(nodes.map((n) => [n.host_id, n.id]));
  const node = (i: number) => nodeOf.get(hostIds[i] ?? '') ?? '';
  let next = 0;
  const relays: number[] = [];
  const relayed: number[] = [];
  for (let r = 0; r < ROUTING.relays; r++) {
    const relay = next++;
    const members = Array.from({ length: ROUTING.relayedPerRelay }, () => next++);
    relays.push(relay);
    relayed.push(...members);
    await post(`/api/nodes/${netid}/${node(relay)}/createrelay`, { relayaddrs: members.map(node) });
  }
  const gateways: number[] = [];
  for (let g = 0; g < ROUTING.gatewayPairs; g++)
    for (const metric of [10, 20]) {
      const gateway = next++;
      gateways.push(gateway);
      await post(`/api/nodes/${netid}/${node(gateway)}/creategateway`, {
        ranges: [`192.168.${g}.0/24`],
        natenabled: 'yes',
        route_metric: metric,
      });
    }
  const inetGateway = next++;
  const clients = Array.from({ length: ROUTING.inetClients }, () => next++);
  const settings = (extra: Record<string, unknown>) => JSON.stringify({ ...DEFAULT_NODE_SETTINGS, ...extra });
  await db
    .updateTable('nodes')
    .set({ settings: settings({ isinternetgateway: true, inet_node_client_ids: clients.map(node) }) })
    .where('id', '=', node(inetGateway))
    .execute();
  await db
    .updateTable('nodes')
    .set({ settings: settings({ internetgw_node_id: node(inetGateway) }) })
    .where('id', 'in', clients.map(node))
    .execute();
  await server.app.meshdeck.peerQueue.flush();
  const { builder, counted } = countingBuilder();
  const kinds: Record<string, number> = {
    plain: next,
    relayed: relayed[0] ?? 0,
    relay: relays[0] ?? 0,
    'egress gateway': gateways[0] ?? 0,
    'internet-gateway client': clients[0] ?? 0,
  };
  const results: Record<string, { ms: number; cpuMs: number; messages: number; bytes: number }> = {};
  for (const [kind, index] of Object.entries(kinds)) {
    const times: number[] = [];
    let messages = 0;
    counted.bytes = 0;
    const cpu = process.cpuUsage();
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      messages = (await builder.publish([{ hostId: hostIds[index] ?? '' }])).messages;
      times.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    results[kind] = {
      ms: percentile(times, 50),
      cpuMs: (used.user + used.system) / 1000 / runs,
      messages,
      bytes: counted.bytes / runs,
    };
  }
  return results;
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
    case 'routingChange':
      return routingChange(Number(args.size), Number(args.runs));
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
