import { describe, expect, it } from 'vitest';
import { key, memberRow } from './member-fixtures.ts';
import type { PeerSink } from './peer-changes.ts';
import { PeerUpdateBuilder } from './peer-publisher.ts';
import type { MemberRow, PeersRepository } from './peers.repository.ts';

const node = (host: number, roles: Record<string, unknown> = {}) =>
  memberRow(host, `10.0.0.${host}`, { settings: JSON.stringify(roles) });

/** A builder over fixed rows whose sink records each host's messages. */
function harness(rows: MemberRow[], listening?: ReadonlySet<string>) {
  const loads: ('targeted' | 'whole')[] = [];
  const repository = {
    listMembers: (networks: readonly string[], hostIds?: readonly string[]) =>
      loads.push(hostIds ? 'targeted' : 'whole') &&
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
  return { builder: new PeerUpdateBuilder(repository, sink, 'meshdeck'), sent, loads };
}
const keyOf = (host: number) => JSON.stringify([...Buffer.from(key(host), 'base64')]);
const entryFor = (message: any, host: number) =>
  (message.host_peers as any[]).find((p) => JSON.stringify(p.PublicKey) === keyOf(host));
const ips = (peer: any) => (peer.AllowedIPs as { IP: string }[]).map((net) => net.IP);

describe('peer updates with routing roles', () => {
  it("when a relayed node changes, others get its removal and the relay's entry that carries it, in one delta", async () => {
    const rows = [
      node(1, { isrelayed: true, relayedby: 'node-2' }),
      node(2, { isrelay: true, relaynodes: ['node-1'] }),
      node(3),
    ];
    const { builder, sent } = harness(rows, new Set(['h1', 'h2', 'h3']));
    await builder.publish([{ hostId: 'h1', joined: true }]);
    const [delta] = sent.get('h3') ?? [];
    expect(delta.replace_peers).toBe(false);
    expect(entryFor(delta, 1).Remove).toBe(true);
    expect(ips(entryFor(delta, 2))).toEqual(['10.0.0.2', '10.0.0.1']);
    // A relayed node is in no one else's routing state: the delta leaves it out and keeps the two flags.
    expect(delta.change_default_gw).toBe(false);
    expect(delta).not.toHaveProperty('egress_network_routes');
  });

  it("when a lower-metric gateway for a range appears, others get its entry with the range and the other gateway's without it", async () => {
    const egress = (metric: number) => ({
      isegressgateway: true,
      egressgatewayranges: ['192.168.1.0/24'],
      egressgatewayranges_with_metric: [{ network: '192.168.1.0/24', route_metric: metric, nat: true }],
    });
    const rows = [node(1), node(2, egress(20)), node(3, egress(10)), node(4)];
    const { builder, sent } = harness(rows);
    await builder.publish([{ hostId: 'h3', isRoutingChange: true }]);
    const [delta] = sent.get('h1') ?? [];
    expect(ips(entryFor(delta, 3))).toContain('192.168.1.0');
    expect(ips(entryFor(delta, 2))).not.toContain('192.168.1.0');
    expect(delta.egress_network_routes.map((r: any) => [r.node_id, r.active_ranges])).toEqual([
      ['node-2', []],
      ['node-3', ['192.168.1.0/24']],
    ]);
    // Plain receivers share one serialised routing state with their own addresses filled in.
    expect(delta.egress_network_routes.map((r: any) => r.node_addr)).toEqual(['10.0.0.1', '10.0.0.1']);
    const [other] = sent.get('h4') ?? [];
    expect(other.egress_network_routes.map((r: any) => r.node_addr)).toEqual(['10.0.0.4', '10.0.0.4']);
    const [full] = sent.get('h3') ?? [];
    expect(full.replace_peers).toBe(true);
    expect(full.fw_update.egress_info['node-3'].egress_gateway_cfg.natenabled).toBe('yes');
  });

  it("when a client joins an internet gateway, its own full list and routing say so, and others' deltas do not", async () => {
    const rows = [
      node(1, { internetgw_node_id: 'node-2' }),
      node(2, { isinternetgateway: true, inet_node_client_ids: ['node-1'] }),
      node(3),
    ];
    const { builder, sent } = harness(rows);
    await builder.publish([{ hostId: 'h1' }, { hostId: 'h2' }]);
    const [full] = sent.get('h1') ?? [];
    expect(full).toMatchObject({ replace_peers: true, change_default_gw: true, default_gw_ip: '10.0.0.2' });
    expect(ips(entryFor(full, 2))).toContain('0.0.0.0');
    const [other] = sent.get('h3') ?? [];
    expect(other.change_default_gw).toBe(false);
    expect(ips(entryFor(other, 2))).not.toContain('0.0.0.0');
  });

  it('when a batch changes no routing state, deltas carry only the two required flags; a routing change carries it all', async () => {
    const gateway = {
      isegressgateway: true,
      egressgatewayranges: ['192.168.1.0/24'],
      egressgatewayranges_with_metric: [{ network: '192.168.1.0/24', route_metric: 256, nat: true }],
    };
    const rows = [node(1), node(2, gateway), node(3)];
    const { builder, sent } = harness(rows);
    await builder.publish([{ hostId: 'h3' }]);
    const [plain] = sent.get('h1') ?? [];
    expect(plain).toMatchObject({ change_default_gw: false, is_inet_gw: false });
    expect(plain).not.toHaveProperty('egress_network_routes');
    await builder.publish([{ hostId: 'h3', isRoutingChange: true }]);
    const [, routed] = sent.get('h1') ?? [];
    expect(routed.egress_network_routes).toHaveLength(1);
  });

  it('when a network gets routing roles, batches load it whole from the routing change on (listening hosts alone would miss the relays)', async () => {
    const rows = [node(1), node(2), node(3)];
    const { builder, loads } = harness(rows, new Set(['h1']));
    await builder.publish([{ hostId: 'h3', joined: true }]);
    expect(loads).toEqual(['targeted']);
    rows[1] = node(2, { isrelay: true, relaynodes: ['node-3'] });
    rows[2] = node(3, { isrelayed: true, relayedby: 'node-2' });
    await builder.publish([{ hostId: 'h2', joined: true, isRoutingChange: true }]);
    await builder.publish([{ hostId: 'h3', joined: true }]);
    expect(loads).toEqual(['targeted', 'whole', 'whole']);
  });
});
