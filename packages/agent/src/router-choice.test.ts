import { wgKeyFromBase64, type EgressNetworkRoute } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { Peer } from './peer-state.ts';
import {
  HYSTERESIS_MS,
  applyRouterChoice,
  candidatesByRange,
  chooseRouters,
  type RangeChoice,
  type RouterCandidate,
  type RouterHealth,
} from './router-choice.ts';

const RANGE = '192.168.40.0/24';
const key = (n: number) => Buffer.alloc(32, n).toString('base64');

const candidate = (nodeId: string, overrides: Partial<RouterCandidate> = {}): RouterCandidate => ({
  nodeId,
  peerKey: key(nodeId.charCodeAt(0)),
  address: `10.0.0.${nodeId.charCodeAt(0) - 96}`,
  metric: 100,
  isServerChoice: false,
  isDirect: true,
  ...overrides,
});
const up = (rttMs = 2, steadySince = 0): RouterHealth => ({
  reaches: new Set([RANGE]),
  isSilent: false,
  rttMs,
  steadySince,
});
const cut: RouterHealth = { reaches: new Set(), isSilent: false, rttMs: 1, steadySince: 0 };
const silent: RouterHealth = { reaches: new Set(), isSilent: true, rttMs: undefined, steadySince: 0 };

const choose = (
  list: RouterCandidate[],
  health: Record<string, RouterHealth> = {},
  previous?: string,
  now = 100_000,
): RangeChoice => {
  const prior = new Map<string, RangeChoice>(
    previous ? [[RANGE, { range: RANGE, nodeId: previous, peerKey: '', reason: '', routers: 2 }]] : [],
  );
  return chooseRouters(new Map([[RANGE, list]]), new Map(Object.entries(health)), prior, now).get(RANGE)!;
};

describe('chooseRouters', () => {
  it('when two routers reach the range, prefers the lower metric and says why', () => {
    const choice = choose([candidate('a', { metric: 200 }), candidate('b', { metric: 50 })], {
      a: up(),
      b: up(),
    });
    expect(choice).toMatchObject({ nodeId: 'b', reason: 'lower metric (50 < 200)', routers: 2 });
  });

  it('when the lower-metric router no longer reaches the range, takes the other at once', () => {
    const choice = choose(
      [candidate('a', { metric: 50 }), candidate('b', { metric: 200 })],
      { a: cut, b: up() },
      'a',
    );
    expect(choice.nodeId).toBe('b');
    expect(choice.reason).toMatch(/10\.0\.0\.1 does not reach the range/);
  });

  it('when a router stops answering probes, takes the other and says it does not answer', () => {
    const choice = choose([candidate('a'), candidate('b')], { a: silent, b: up() }, 'a');
    expect(choice).toMatchObject({ nodeId: 'b', reason: '10.0.0.1 does not answer' });
  });

  it('when metrics are equal, prefers a direct router over a relayed one', () => {
    const choice = choose([candidate('a', { isDirect: false }), candidate('b')], { a: up(), b: up() });
    expect(choice).toMatchObject({ nodeId: 'b', reason: 'direct (10.0.0.1 is relayed)' });
  });

  it('when only latency differs, prefers the clearly faster router but not a marginally faster one', () => {
    expect(choose([candidate('a'), candidate('b')], { a: up(40), b: up(10) }).nodeId).toBe('b');
    expect(choose([candidate('a'), candidate('b')], { a: up(12), b: up(10) }).nodeId).toBe('a');
  });

  it('when nothing is probed yet, follows the server choice', () => {
    const choice = choose([candidate('a'), candidate('b', { isServerChoice: true })]);
    expect(choice.nodeId).toBe('b');
  });

  it('when the preferred router comes back, keeps the working one until it has been back for the hysteresis time', () => {
    const list = [candidate('a', { metric: 50 }), candidate('b', { metric: 200 })];
    const now = 100_000;
    const early = choose(list, { a: up(2, now - 1_000), b: up() }, 'b', now);
    expect(early.nodeId).toBe('b');
    expect(early.reason).toMatch(/^kept 10\.0\.0\.2/);
    const later = choose(list, { a: up(2, now - HYSTERESIS_MS), b: up() }, 'b', now);
    expect(later).toMatchObject({ nodeId: 'a', reason: 'lower metric (50 < 200)' });
  });

  it('when no router reaches the range, still names one and says so', () => {
    const choice = choose([candidate('a'), candidate('b')], { a: cut, b: silent });
    expect(choice.reason).toMatch(/^no router reaches the range/);
  });
});

const route = (nodeId: string, keyByte: number, metric: number, active: boolean): EgressNetworkRoute => ({
  peer_key: wgKeyFromBase64(key(keyByte))!,
  egress_gw_addr: `10.0.0.${keyByte}`,
  egress_gw_addr6: '',
  node_addr: '10.0.0.9',
  node_addr6: '',
  egress_ranges: [RANGE],
  egress_ranges_metric: [{ network: RANGE, route_metric: metric, nat: true }],
  network: 'office',
  node_id: nodeId,
  host_id: `host-${nodeId}`,
  active_ranges: active ? [RANGE] : [],
});
const peer = (keyByte: number, allowedIps: string[]): [string, Peer] => [
  key(keyByte),
  { publicKey: key(keyByte), endpoint: undefined, allowedIps, keepaliveSeconds: undefined },
];

describe('candidatesByRange and applyRouterChoice', () => {
  it('when the agent chooses the router the server did not, moves the range between the two peer entries', () => {
    const candidates = candidatesByRange(
      [route('a', 1, 50, true), route('b', 2, 50, false)],
      () => undefined,
    );
    expect(candidates.get(RANGE)?.map((c) => [c.nodeId, c.isServerChoice])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    const peers = new Map([peer(1, ['10.0.0.1/32', RANGE]), peer(2, ['10.0.0.2/32'])]);
    const choices = chooseRouters(
      candidates,
      new Map([
        ['a', cut],
        ['b', up()],
      ]),
      new Map(),
      0,
    );
    const next = applyRouterChoice(peers, candidates, choices);
    expect(next.get(key(1))?.allowedIps).toEqual(['10.0.0.1/32']);
    expect(next.get(key(2))?.allowedIps).toEqual(['10.0.0.2/32', RANGE]);
    expect(peers.get(key(1))?.allowedIps).toEqual(['10.0.0.1/32', RANGE]);
  });

  it('when a gateway is reached through a relay (its carrier is another host), it counts as relayed', () => {
    const candidates = candidatesByRange([route('a', 1, 50, true)], (hostId) =>
      hostId === 'host-a' ? key(7) : undefined,
    );
    expect(candidates.get(RANGE)?.[0]?.isDirect).toBe(false);
  });
});
