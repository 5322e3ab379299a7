import { describe, expect, it } from 'vitest';
import type { PairAccess } from '../access-control/access-control.public.ts';
import type { HostChange } from './peer-changes.ts';
import { PeerUpdateBuilder } from './peer-publisher.ts';
import { PeerUpdateQueue } from './peer-update-queue.ts';
import type { MemberRow, PeersRepository } from './peers.repository.ts';

const now = Date.parse('2030-01-01T12:00:00Z');
const row = (host: number): MemberRow => ({
  node_id: `n${host}`,
  host_id: `h${host}`,
  network: 'net',
  address: `10.9.0.${host}`,
  address6: null,
  connected: 1,
  pending_delete: 0,
  last_check_in: new Date(now - 1000).toISOString(),
  public_key: Buffer.alloc(32, host).toString('base64'),
  endpoint_ip: `203.0.113.${host}`,
  endpoint_ip6: '',
  listen_port: 51821,
  public_listen_port: 0,
  is_static_port: 1,
  keepalive_seconds: 20,
  host_name: `host-${host}`,
  settings: '{}',
  network_range: '10.9.0.0/24',
  network_range6: '',
});
const rows = [1, 2, 3, 4].map(row);

/** Node pairs allowed: everything but n1 <-> n2; n3 may send n1 only tcp/22. */
const access: PairAccess = {
  reaches: (_net, a, b) => !(new Set([a, b]).has('n1') && new Set([a, b]).has('n2')),
  flow: (_net, from, to) => (from === 'n3' && to === 'n1' ? ['tcp/22'] : ['all']),
  classOf: (_net, node) => node,
};

function harness() {
  const repository = {
    listMembers: (networks: readonly string[], hostIds?: readonly string[]) =>
      Promise.resolve(
        rows.filter((r) => networks.includes(r.network) && (!hostIds || hostIds.includes(r.host_id))),
      ),
    networksOfHosts: () => Promise.resolve(['net']),
    publicKeys: () => Promise.resolve(new Map<string, string>()),
    listClients: () => Promise.resolve([]),
    networksWithRoutingRoles: () => Promise.resolve(new Set<string>()),
  } as unknown as PeersRepository;
  const sent = new Map<string, any[]>();
  const builder = new PeerUpdateBuilder(
    repository,
    {
      publish: async (hostId, _topic, payload) => {
        sent.set(hostId, [...(sent.get(hostId) ?? []), JSON.parse(payload)]);
      },
      describeHost: async () => undefined,
      listeningHosts: () => undefined,
    },
    'test',
  );
  builder.useAccess({ forNetworks: () => Promise.resolve(access) });
  return { builder, sent };
}
const key = (host: number) => JSON.stringify([...Buffer.alloc(32, host)]);

describe('access deltas', () => {
  it('-> each told host gets one delta with exactly the named peers, removals where denied, nobody else hears', async () => {
    const { builder, sent } = harness();
    const changes: HostChange[] = [
      { hostId: 'h1', accessPeers: ['h2', 'h3'] },
      { hostId: 'h2', accessPeers: ['h1'] },
    ];
    await builder.publish(changes, now);
    expect([...sent.keys()].sort()).toEqual(['h1', 'h2']);
    const [toH1] = sent.get('h1')!;
    expect(toH1.replace_peers).toBe(false);
    expect(toH1.peer_sync.base).toBe(0);
    expect(toH1.host_peers.map((p: any) => [JSON.stringify(p.PublicKey), p.Remove])).toEqual([
      [key(2), true],
      [key(3), false],
    ]);
    // n3 may only open tcp/22 toward n1: the agent's filter learns it from the peer's identity.
    expect(toH1.peerids[Buffer.alloc(32, 3).toString('base64')].allowed_inbound).toEqual(['tcp/22']);
    expect(sent.get('h2')![0].host_peers).toHaveLength(1);
  });

  it('-> the queue joins access-only changes of a host, and any other change makes it a whole-list change', async () => {
    const batches: HostChange[][] = [];
    const queue = new PeerUpdateQueue(
      {
        publish: (batch: HostChange[]) => (
          batches.push(batch),
          Promise.resolve({ messages: 0, receivers: 0, bytes: 0 })
        ),
      } as unknown as PeerUpdateBuilder,
      { error: () => undefined } as never,
      { debounceMs: 1, maxWaitMs: 5 },
    );
    queue.enqueue({ hostId: 'h1', accessPeers: ['h2'] }, { hostId: 'h1', accessPeers: ['h3'] });
    queue.enqueue({ hostId: 'h2', accessPeers: ['h1'] }, { hostId: 'h2' });
    await queue.flush();
    const batch = batches.flat();
    expect(batch.find((c) => c.hostId === 'h1')?.accessPeers).toEqual(['h2', 'h3']);
    expect(batch.find((c) => c.hostId === 'h2')?.accessPeers).toBeUndefined();
  });
});
