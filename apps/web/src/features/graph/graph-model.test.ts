import type { Metric, MetricsByNode, NodeListItem } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { buildGraphModel, MAX_PROBLEM_EDGES, type GraphInput } from './graph-model.ts';

const host = (id: string, patch: Partial<NodeListItem> = {}): NodeListItem => ({
  id,
  hostId: `h-${id}`,
  network: 'office',
  name: id,
  address: '10.0.0.1/32',
  address6: '',
  endpoint: '',
  publicKey: '',
  status: 'online',
  lastCheckIn: 1,
  isConnected: true,
  flags: [],
  tags: [],
  ...patch,
});
const metric = (patch: Partial<Metric> = {}): Metric => ({
  node_name: '',
  uptime: 1,
  totaltime: 1,
  latency: 20,
  totalreceived: 1,
  lasttotalreceived: 0,
  totalsent: 1,
  lasttotalsent: 0,
  actualuptime: 0,
  percentup: 100,
  connected: true,
  path: 'direct',
  ...patch,
});
/** Metrics from `[from, to, metric]` measurements. */
function metricsOf(measured: [string, string, Metric][]): MetricsByNode {
  const nodes: MetricsByNode['nodes'] = {};
  for (const [from, to, m] of measured) {
    nodes[from] ??= {
      network: 'office',
      node_id: from,
      node_name: from,
      connectivity: {},
      updated_at: '2026-11-29T06:00:00.000Z',
      agent_uptime_s: 60,
    };
    nodes[from].connectivity[to] = m;
  }
  return { nodes };
}
const build = (patch: Partial<GraphInput>) =>
  buildGraphModel({ nodes: [], clients: [], metrics: undefined, showDirect: false, ...patch });
const edge = (model: ReturnType<typeof build>, kind: string, a: string, b: string) =>
  model.edges.find((e) => e.kind === kind && e.source === a && e.target === b);

describe('buildGraphModel', () => {
  it('-> when nodes have roles, draws relay, internet-gateway, remote-access and egress routes with role colours', () => {
    const model = build({
      nodes: [
        host('relay', { flags: ['relay'] }),
        host('far', { relayedBy: 'relay', flags: ['relayed'] }),
        host('inet', { flags: ['internetGateway'] }),
        host('laptop', { internetGatewayId: 'inet' }),
        host('gw', { flags: ['ingress'] }),
        host('eg1', {
          flags: ['egress'],
          egressRanges: [{ network: '192.168.1.0/24', metric: 256, nat: true }],
        }),
        host('eg2', {
          flags: ['egress'],
          egressRanges: [{ network: '192.168.1.0/24', metric: 512, nat: true }],
        }),
      ],
      clients: [{ id: 'phone', name: 'Phone', gatewayId: 'gw', isEnabled: true }],
      metrics: metricsOf([['gw', 'phone', metric({ latency: 620 })]]),
    });
    expect(edge(model, 'relay', 'relay', 'far')?.tone).toBe('role');
    expect(edge(model, 'internet', 'inet', 'laptop')).toBeDefined();
    // The gateway's measurement of its client colours that edge: 620 ms is above 500, red.
    expect(edge(model, 'gateway', 'gw', 'client:phone')).toMatchObject({ tone: 'red', latency: 620 });
    // One range node, served by both HA routers.
    expect(model.nodes.filter((n) => n.kind === 'range').map((n) => n.label)).toEqual(['192.168.1.0/24']);
    expect(model.edges.filter((e) => e.kind === 'egress').map((e) => e.source)).toEqual(['eg1', 'eg2']);
    const colours = Object.fromEntries(model.nodes.map((n) => [n.id, n.colour]));
    expect(colours).toMatchObject({
      relay: 'relay',
      inet: 'internetGateway',
      gw: 'ingress',
      eg1: 'egress',
      far: 'host',
      'client:phone': 'client',
      'range:192.168.1.0/24': 'range',
    });
  });

  it('-> when pairs were measured, draws only the problems, each pair once, as bad as its worse direction', () => {
    const model = build({
      nodes: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => host(id)),
      metrics: metricsOf([
        ['a', 'b', metric()],
        ['b', 'a', metric({ connected: false, latency: 999, path: 'none', reason: 'no_answer' })],
        ['a', 'c', metric({ latency: 301 })],
        ['a', 'd', metric({ latency: 501 })],
        ['a', 'e', metric({ path: 'relayed', via: 'f', reason: 'failover' })],
        ['a', 'f', metric({ connected: false, path: 'none', reason: 'blocked_by_policy' })],
        ['c', 'd', metric({ latency: 300 })],
      ]),
    });
    const problems = model.edges.filter((e) => e.kind === 'problem');
    expect(problems.map((e) => [e.source, e.target, e.tone])).toEqual([
      ['a', 'b', 'red'],
      ['a', 'd', 'red'],
      ['a', 'e', 'orange'],
      ['a', 'c', 'yellow'],
    ]);
    expect(problems[0]).toMatchObject({ isConnected: false, reason: 'no_answer' });
    expect(problems[2]).toMatchObject({ via: 'f', reason: 'failover' });
    expect(model.edges.some((e) => e.kind === 'direct')).toBe(false);
  });

  it('-> when a pair answers above 999 ms, draws it red with its latency (only exactly 999 means unknown)', () => {
    const model = build({
      nodes: ['a', 'b', 'c'].map((id) => host(id)),
      metrics: metricsOf([
        ['a', 'b', metric({ latency: 1500 })],
        ['a', 'c', metric({ latency: 999 })],
      ]),
    });
    const problems = model.edges.filter((e) => e.kind === 'problem');
    expect(problems.map((e) => [e.source, e.target, e.tone, e.latency])).toEqual([['a', 'b', 'red', 1500]]);
  });

  it('-> when a host is offline or a pair goes through its configured relay, draws no pair edge for it', () => {
    const model = build({
      nodes: [
        host('a'),
        host('gone', { status: 'offline' }),
        host('relay', { flags: ['relay'] }),
        host('far', { relayedBy: 'relay', flags: ['relayed'] }),
      ],
      metrics: metricsOf([
        ['a', 'gone', metric({ connected: false, path: 'none', reason: 'peer_offline' })],
        ['a', 'far', metric({ path: 'relayed', via: 'relay' })],
      ]),
    });
    expect(model.edges.filter((e) => e.kind === 'problem')).toEqual([]);
    expect(model.nodes.find((n) => n.id === 'gone')?.colour).toBe('offline');
  });

  it('-> when every direct pair is asked for on a small network, adds the healthy pairs coloured by latency', () => {
    const input = {
      nodes: [host('a'), host('b'), host('c')],
      metrics: metricsOf([
        ['a', 'b', metric({ latency: 12 })],
        ['b', 'c', metric({ latency: 999 })],
      ]),
    };
    expect(build(input).edges).toEqual([]);
    const model = build({ ...input, showDirect: true });
    expect(model.isDirectShown).toBe(true);
    expect(model.edges.map((e) => [e.kind, e.source, e.target, e.tone])).toEqual([
      ['direct', 'a', 'b', 'green'],
      ['direct', 'b', 'c', 'gray'],
    ]);
  });

  it('-> at 10,000 hosts each measuring 10 peers, draws every node and a bounded number of edges, all positioned', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `n${i}`);
    const nodes = ids.map((id, i) =>
      host(id, {
        ...(i % 100 === 0 ? { flags: ['relay'] } : {}),
        ...(i % 100 === 1 ? { relayedBy: 'n0', flags: ['relayed'] } : {}),
      }),
    );
    const measured: [string, string, Metric][] = [];
    for (let i = 0; i < ids.length; i++)
      for (let k = 1; k <= 10; k++) {
        const broken = (i * 7 + k) % 50 === 0;
        measured.push([
          ids[i]!,
          ids[(i + k * 37) % ids.length]!,
          broken ? metric({ connected: false, path: 'none', reason: 'handshake_stale' }) : metric(),
        ]);
      }
    const model = build({ nodes, metrics: metricsOf(measured), showDirect: true });
    expect(model.nodes).toHaveLength(10_000);
    expect(model.isDirectShown).toBe(false);
    const problems = model.edges.filter((e) => e.kind === 'problem').length;
    expect(problems).toBe(2000);
    expect(model.edges.length).toBe(problems + 100);
    expect(model.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y) && n.size > 0)).toBe(true);
  });

  it('-> when every pair of 400 hosts is unreachable, draws at most MAX_PROBLEM_EDGES and counts the rest', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `n${i}`);
    const broken = metric({ connected: false, path: 'none', reason: 'no_answer' });
    const measured: [string, string, Metric][] = [];
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) measured.push([ids[i]!, ids[j]!, broken]);
    const model = build({ nodes: ids.map((id) => host(id)), metrics: metricsOf(measured) });
    expect(model.edges).toHaveLength(MAX_PROBLEM_EDGES);
    expect(model.hiddenProblems).toBe((400 * 399) / 2 - MAX_PROBLEM_EDGES);
  });
});
