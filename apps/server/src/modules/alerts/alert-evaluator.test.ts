import type { Metric, NodeMetrics } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { judge, observe, pairSubject, type NetworkSnapshot, type Observation } from './alert-evaluator.ts';

const NOW = Date.parse('2026-11-29T06:00:00Z');
const node = (id: string, status: 'online' | 'warning' | 'offline' = 'online') => ({
  id,
  name: `host-${id}`,
  hostId: `h-${id}`,
  status,
});
const metric = (connected: boolean, extra: Partial<Metric> = {}): Metric => ({
  node_name: '',
  uptime: 1,
  totaltime: 1,
  latency: connected ? 20 : 999,
  totalreceived: 0,
  lasttotalreceived: 0,
  totalsent: 0,
  lasttotalsent: 0,
  actualuptime: 0,
  percentup: 100,
  connected,
  path: connected ? 'direct' : 'none',
  ...extra,
});
const report = (
  id: string,
  peers: Record<string, Metric>,
  ageMs = 10_000,
  applied?: number,
): NodeMetrics => ({
  network: 'office',
  node_id: id,
  node_name: `host-${id}`,
  connectivity: peers,
  updated_at: new Date(NOW - ageMs).toISOString(),
  agent_uptime_s: 100,
  ...(applied === undefined ? {} : { applied_peer_version: applied }),
});
const snapshot = (over: Partial<NetworkSnapshot>): NetworkSnapshot => ({
  nodes: [node('a'), node('b'), node('c')],
  metrics: {},
  peerVersion: () => 5,
  now: NOW,
  ...over,
});
const rule = (kind: 'node_offline' | 'edge_unreachable' | 'latency_high' | 'config_stale', extra = {}) => ({
  id: 'r1',
  kind,
  node_id: '',
  latency_ms: null,
  ...extra,
});

describe('observe: what a rule sees in a network', () => {
  it('node_offline -> when a node is offline, it alone is active; a scoped rule sees only its node', () => {
    const snap = snapshot({ nodes: [node('a'), node('b', 'offline'), node('c', 'warning')] });
    expect(observe(rule('node_offline'), snap).map((o) => [o.subject, o.active])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(observe(rule('node_offline', { node_id: 'b' }), snap).map((o) => o.subject)).toEqual(['b']);
  });

  it('edge_unreachable -> when one side reports the other unreachable, the pair (both directions) is one active subject', () => {
    const snap = snapshot({
      metrics: {
        a: report('a', { b: metric(false, { reason: 'handshake_stale' }), c: metric(true) }),
        b: report('b', { a: metric(true) }),
      },
    });
    const seen = observe(rule('edge_unreachable'), snap);
    expect(seen.map((o) => [o.subject, o.active])).toEqual([
      [pairSubject('a', 'b'), true],
      [pairSubject('a', 'c'), false],
    ]);
    expect(seen[0]!.detail).toContain('handshake_stale');
  });

  it('edge_unreachable -> when access control denies the pair, it is not a dead edge', () => {
    const snap = snapshot({
      metrics: { a: report('a', { b: metric(false, { reason: 'blocked_by_policy' }) }) },
    });
    expect(observe(rule('edge_unreachable'), snap)[0]!.active).toBe(false);
  });

  it('edge_unreachable -> when an end is offline or the only report is stale, the pair is unknown (kept as it is)', () => {
    const offline = snapshot({
      nodes: [node('a'), node('b', 'offline')],
      metrics: { a: report('a', { b: metric(false) }) },
    });
    expect(observe(rule('edge_unreachable'), offline)[0]!.active).toBeUndefined();
    const stale = snapshot({ metrics: { a: report('a', { b: metric(false) }, 10 * 60_000) } });
    expect(observe(rule('edge_unreachable'), stale)[0]!.active).toBeUndefined();
  });

  it('latency_high -> when either side measures above the threshold, the pair is active; 999 (unknown) is not a measurement', () => {
    const snap = snapshot({
      metrics: {
        a: report('a', { b: metric(true, { latency: 40 }), c: metric(true, { latency: 999 }) }),
        b: report('b', { a: metric(true, { latency: 612 }) }),
      },
    });
    const seen = observe(rule('latency_high', { latency_ms: 500 }), snap);
    expect(seen.map((o) => [o.subject, o.active])).toEqual([
      [pairSubject('a', 'b'), true],
      [pairSubject('a', 'c'), undefined],
    ]);
    expect(seen[0]!.detail).toContain('612 ms');
  });

  it('config_stale -> when the applied version is behind what the server sent, active; no report or an offline node, unknown', () => {
    const snap = snapshot({
      nodes: [node('a'), node('b'), node('c', 'offline')],
      metrics: { a: report('a', {}, 10_000, 4), c: report('c', {}, 10_000, 1) },
      peerVersion: (hostId) => (hostId === 'h-a' ? 5 : 1),
    });
    expect(observe(rule('config_stale'), snap).map((o) => [o.subject, o.active])).toEqual([
      ['a', true],
      ['b', undefined],
      ['c', undefined],
    ]);
  });
});

const seen = (subject: string, active: boolean | undefined): Observation => ({
  subject,
  name: subject,
  active,
  detail: `${subject} ${String(active)}`,
});

describe('judge: what fires and what resolves', () => {
  const base = {
    rule: { for_seconds: 60, cooldown_seconds: 600 },
    open: new Map(),
    lastFired: new Map<string, number>(),
    exists: () => true,
  };

  it('when a condition holds, fires only once it has held for for_seconds', () => {
    const pending = new Map<string, number>();
    expect(judge({ ...base, observations: [seen('a', true)], pending, now: NOW }).fire).toEqual([]);
    expect(judge({ ...base, observations: [seen('a', true)], pending, now: NOW + 59_000 }).fire).toEqual([]);
    expect(
      judge({ ...base, observations: [seen('a', true)], pending, now: NOW + 60_000 }).fire.map(
        (o) => o.subject,
      ),
    ).toEqual(['a']);
  });

  it('when the condition stops before for_seconds, the hold starts over', () => {
    const pending = new Map<string, number>();
    judge({ ...base, observations: [seen('a', true)], pending, now: NOW });
    judge({ ...base, observations: [seen('a', false)], pending, now: NOW + 30_000 });
    expect(judge({ ...base, observations: [seen('a', true)], pending, now: NOW + 70_000 }).fire).toEqual([]);
  });

  it('when the subject fired within the cooldown, it does not fire again until the cooldown is over', () => {
    const pending = new Map<string, number>();
    const input = {
      ...base,
      rule: { for_seconds: 0, cooldown_seconds: 600 },
      lastFired: new Map([['a', NOW]]),
    };
    expect(judge({ ...input, observations: [seen('a', true)], pending, now: NOW + 599_000 }).fire).toEqual(
      [],
    );
    expect(
      judge({ ...input, observations: [seen('a', true)], pending, now: NOW + 600_000 }).fire.map(
        (o) => o.subject,
      ),
    ).toEqual(['a']);
  });

  it('when a firing subject is fine again it resolves; firing again it does not fire twice; unknown keeps it firing', () => {
    const open = new Map([['a', { id: 'e1', subject: 'a' }]]);
    const pending = new Map<string, number>();
    const still = judge({ ...base, open, observations: [seen('a', true)], pending, now: NOW });
    expect(still).toEqual({ fire: [], resolve: [] });
    expect(judge({ ...base, open, observations: [seen('a', undefined)], pending, now: NOW }).resolve).toEqual(
      [],
    );
    expect(judge({ ...base, open, observations: [seen('a', false)], pending, now: NOW }).resolve).toEqual([
      { alert: { id: 'e1', subject: 'a' }, detail: 'a false' },
    ]);
  });

  it('when a firing subject is gone from the network, it resolves; while its nodes exist but it is not seen, it stays', () => {
    const open = new Map([['x~y', { id: 'e2', subject: 'x~y' }]]);
    const stays = judge({ ...base, open, observations: [], pending: new Map(), now: NOW });
    expect(stays.resolve).toEqual([]);
    const gone = judge({
      ...base,
      open,
      observations: [],
      pending: new Map(),
      now: NOW,
      exists: () => false,
    });
    expect(gone.resolve).toEqual([
      { alert: { id: 'e2', subject: 'x~y' }, detail: 'no longer in the network' },
    ]);
  });
});
