import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexMembers, peerEntry } from './peer-compute.ts';
import type { HostChange, PeerSink } from './peer-changes.ts';
import { PeerUpdateBuilder } from './peer-publisher.ts';
import { PeerUpdateQueue } from './peer-update-queue.ts';
import type { MemberRow, PeersRepository } from './peers.repository.ts';

const now = Date.parse('2030-01-01T12:00:00Z');
const member = (host: number, network: string, overrides: Partial<MemberRow> = {}): MemberRow => ({
  node_id: `${network}-${host}`,
  host_id: `h${host}`,
  network,
  address: `10.${network.charCodeAt(0)}.0.${host}`,
  address6: null,
  connected: 1,
  pending_delete: 0,
  last_check_in: new Date(now - 60_000).toISOString(),
  public_key: Buffer.alloc(32, host).toString('base64'),
  endpoint_ip: `203.0.113.${host}`,
  endpoint_ip6: '',
  listen_port: 51821,
  public_listen_port: 40000 + host,
  is_static_port: 0,
  keepalive_seconds: 20,
  host_name: `host-${host}`,
  settings: '{}',
  network_range: `10.${network.charCodeAt(0)}.0.0/16`,
  network_range6: '',
  ...overrides,
});

/** A repository over fixed rows and a sink that records every payload per host. */
function harness(rows: MemberRow[], listening?: ReadonlySet<string>) {
  const repository = {
    listMembers: (networks: readonly string[], hostIds?: readonly string[]) =>
      Promise.resolve(
        rows.filter((r) => networks.includes(r.network) && (!hostIds || hostIds.includes(r.host_id))),
      ),
    networksOfHosts: (ids: readonly string[]) =>
      Promise.resolve([...new Set(rows.filter((r) => ids.includes(r.host_id)).map((r) => r.network))]),
    publicKeys: () => Promise.resolve(new Map<string, string>()),
    listClients: () => Promise.resolve([]),
    networksWithRoutingRoles: (networks: readonly string[]) =>
      Promise.resolve(
        new Set(
          rows.filter((r) => networks.includes(r.network) && r.settings !== '{}').map((r) => r.network),
        ),
      ),
  } as unknown as PeersRepository;
  const sent = new Map<string, any[]>();
  const sink: PeerSink = {
    publish: (hostId, _topic, payload) => {
      sent.set(hostId, [...(sent.get(hostId) ?? []), JSON.parse(payload)]);
      return Promise.resolve();
    },
    describeHost: (hostId) => Promise.resolve({ host: { id: hostId } as never, nodes: [] }),
    listeningHosts: () => listening,
  };
  return { builder: new PeerUpdateBuilder(repository, sink, 'meshdeck'), sent };
}

describe('PeerUpdateBuilder.publish', () => {
  it('when receivers share delta bodies and only listening hosts are loaded, each gets exactly its own entries (any mesh)', async () => {
    const hostArb = fc.record({
      networks: fc.subarray(['a', 'b', 'c'], { minLength: 1 }),
      lan: fc.constantFrom('203.0.113.1', '203.0.113.2', ''),
      connected: fc.boolean(),
      listening: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostArb, { minLength: 2, maxLength: 12 }),
        fc.array(fc.nat(11), { minLength: 1, maxLength: 3 }),
        async (hosts, picks) => {
          const rows = hosts.flatMap((h, i) =>
            h.networks.map((n) =>
              member(i + 1, n, {
                endpoint_ip: h.lan,
                endpoint_ip6: h.lan ? '' : `fd00::${i + 1}`,
                connected: h.connected ? 1 : 0,
              }),
            ),
          );
          const subjects = [...new Set(picks.map((p) => `h${(p % hosts.length) + 1}`))];
          const listening = new Set(hosts.flatMap((h, i) => (h.listening ? [`h${i + 1}`] : [])));
          const { builder, sent } = harness(rows, listening);
          await builder.publish(
            subjects.map((hostId) => ({ hostId, joined: true })),
            now,
          );
          const index = indexMembers(rows, now);
          const shares = (a: string, b: string) =>
            index.byHost.get(a)?.some((n) => index.byHost.get(b)?.some((m) => m.network === n.network)) ??
            false;
          // Fresh joins get no full list, but do hear about the other hosts of the batch.
          const expectedFor = (receiver: string) =>
            subjects.filter((s) => s !== receiver && shares(s, receiver));
          const due = [...index.byHost.keys()].filter(
            (id) => listening.has(id) && expectedFor(id).length > 0,
          );
          expect([...sent.keys()].sort()).toEqual(due.sort());
          for (const [receiver, messages] of sent) {
            expect(messages).toHaveLength(1);
            expect(messages[0].host_peers).toEqual(
              expectedFor(receiver).map((s) => peerEntry(receiver, s, index).peer),
            );
            expect(messages[0].peer_sync).toMatchObject({ version: 1, base: 0 });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('when a host has no broker session, sends it nothing and leaves its version alone', async () => {
    const { builder, sent } = harness(
      [member(1, 'a'), member(2, 'a'), member(3, 'a')],
      new Set(['h1', 'h2']),
    );
    await builder.publish([{ hostId: 'h1' }], now);
    expect([...sent.keys()].sort()).toEqual(['h1', 'h2']);
    expect(sent.get('h1')?.[0]).toMatchObject({ replace_peers: true, peer_sync: { version: 1, base: null } });
    expect(builder.versions.current('h3').version).toBe(0);
  });
});

describe('PeerUpdateQueue', () => {
  it('when changes keep arriving while a batch is published, they wait and go out as one next batch', async () => {
    const batches: HostChange[][] = [];
    let release: () => void = () => undefined;
    const builder = {
      publish: (batch: HostChange[]) => {
        batches.push(batch);
        return new Promise((resolve) => (release = () => resolve({ messages: 0, receivers: 0, bytes: 0 })));
      },
    } as unknown as PeerUpdateBuilder;
    const queue = new PeerUpdateQueue(builder, { error: () => undefined } as never, {
      debounceMs: 1,
      maxWaitMs: 5,
    });
    queue.enqueue({ hostId: 'h1' });
    const done = queue.flush();
    for (let i = 0; i < 100; i++) queue.enqueue({ hostId: `h${i % 10}` });
    expect(queue.depth).toBe(11);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await done;
    expect(batches.map((b) => b.length)).toEqual([1, 10]);
  });
});
