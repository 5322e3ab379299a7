import type { NodeMetrics } from '@meshdeck/contracts';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { NodeMember } from './metrics.service.ts';
import { meshCollectors, summarize, type MeshSources } from './prometheus.ts';

const pair = (connected: boolean, latency: number, reason?: 'blocked_by_policy') => ({
  node_name: 'x',
  uptime: 1,
  totaltime: 1,
  latency,
  totalreceived: 100,
  lasttotalreceived: 0,
  totalsent: 50,
  lasttotalsent: 0,
  actualuptime: 0,
  percentup: 100,
  connected,
  path: connected ? ('direct' as const) : ('none' as const),
  ...(reason ? { reason } : {}),
});

const metricsOf = (node: string): NodeMetrics => ({
  network: 'net1',
  node_id: node,
  node_name: node,
  updated_at: '2030-01-01T00:00:00.000Z',
  agent_uptime_s: 10,
  applied_peer_version: 3,
  connectivity: {
    p1: pair(true, 10),
    p2: pair(true, 30),
    p3: pair(false, 999),
    p4: pair(false, 999, 'blocked_by_policy'),
  },
});

const members: NodeMember[] = ['n1', 'n2', 'n3'].map((id) => ({
  id,
  network: 'net1',
  hostId: `h-${id}`,
  name: `host-${id}`,
  status: 'online',
}));

async function scrape(options: Pick<MeshSources, 'pairs' | 'maxPairs'>): Promise<string> {
  const registry = new Registry();
  const all = { nodes: { n1: metricsOf('n1'), n2: metricsOf('n2'), gone: metricsOf('gone') } };
  meshCollectors(registry, {
    members: async () => members,
    summaries: async () => new Map(Object.entries(all.nodes).map(([id, m]) => [id, summarize(m)])),
    allMetrics: async () => all,
    peerVersion: (hostId) => (hostId === 'h-n1' ? 7 : 3),
    reports: new Map([['stored', 3]]),
    ...options,
  });
  return registry.metrics();
}

describe('summarize', () => {
  it('when a report has reachable, unreachable and policy-blocked peers, counts the first two and keeps the unreachable as a problem', () => {
    const summary = summarize(metricsOf('n1'));
    expect(summary).toMatchObject({
      reachable: 2,
      unreachable: 1,
      latencyMs: 20,
      rxBytes: 400,
      txBytes: 200,
    });
    expect(summary.problems).toEqual([{ peer: 'p3', reachable: false, latencyMs: undefined }]);
  });
});

describe('meshCollectors', () => {
  it('when METRICS_PAIRS=problems, only unreachable pairs of current nodes get series (a deleted node none); versions behind per node', async () => {
    const text = await scrape({ pairs: 'problems', maxPairs: 100 });
    expect(text).toContain('meshdeck_pair_reachable{network="net1",node="n1",peer="p3"} 0');
    expect(text).not.toContain('peer="p1"');
    expect(text).not.toContain('node="gone"');
    expect(text).toContain('meshdeck_pairs{network="net1",state="unreachable"} 2');
    expect(text).toContain('meshdeck_nodes{network="net1",status="online"} 3');
    expect(text).toContain('meshdeck_metrics_reports_total{outcome="stored"} 3');
    // The server sent n1's host version 7, its agent applied 3; n2's host is at 3.
    expect(text).toContain('meshdeck_node_peer_updates_behind{network="net1",node="n1",name="host-n1"} 4');
    expect(text).toContain('meshdeck_node_peer_updates_behind{network="net1",node="n2",name="host-n2"} 0');
  });

  it('when METRICS_PAIRS=all and the cap is 5, five pair series are shown and the other one is counted as omitted', async () => {
    const text = await scrape({ pairs: 'all', maxPairs: 5 });
    expect(text.match(/^meshdeck_pair_reachable\{/gm)).toHaveLength(5);
    expect(text).toContain('meshdeck_pair_latency_seconds{network="net1",node="n1",peer="p2"} 0.03');
    expect(text).toContain('meshdeck_pair_series_omitted 1');
  });

  it('when METRICS_PAIRS=none, no pair series at all', async () => {
    const text = await scrape({ pairs: 'none', maxPairs: 100 });
    expect(text).not.toMatch(/^meshdeck_pair_reachable\{/m);
  });
});
