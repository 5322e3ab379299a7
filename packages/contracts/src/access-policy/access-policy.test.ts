import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AccessModel,
  brokenAssertions,
  diffAccess,
  rulesAllow,
  rulesOf,
  unionRules,
  type AccessAssertion,
  type AccessInput,
  type AccessPolicy,
  type PolicyNode,
  type PolicyRef,
} from './index.ts';

/** The rules written the slow, obvious way: every policy, every pair. */
function naiveFlow(input: AccessInput, from: string, to: string): string[] {
  if (from === to) return [];
  const ids = new Set(input.nodes.map((n) => n.id));
  if (!ids.has(from) || !ids.has(to)) return [];
  const node = (id: string) => input.nodes.find((n) => n.id === id)!;
  const cells = input.matrix.filter((c) => (c.a === from && c.b === to) || (c.a === to && c.b === from));
  // A deny among a pair's cells wins, else its last cell; 0 leaves the pair to the policies.
  const cell = cells.some((c) => c.value === 1)
    ? 1
    : cells.length > 0
      ? cells[cells.length - 1]!.value
      : (node(from).isClient && node(to).isClient) || node(from).isAfterFill || node(to).isAfterFill
        ? undefined
        : input.matrixFill;
  if (cell === 1) return [];
  if (cell === 2) return ['all'];
  const matches = (ref: PolicyRef, id: string) => {
    const n = node(id);
    const any = ref.value === '*';
    switch (ref.type) {
      case 'all':
        return true;
      case 'tag':
        return any || n.tags.includes(ref.value);
      case 'device':
        return any || ref.value === id;
      case 'user':
        return n.owner !== undefined && (any || n.owner === ref.value);
      case 'user-group':
        return n.owner !== undefined && (any || (n.groups ?? []).includes(ref.value));
      case 'egress-range':
        return (n.egressRanges ?? []).length > 0 && (any || (n.egressRanges ?? []).includes(ref.value));
    }
  };
  const inSide = (refs: readonly PolicyRef[], id: string) => refs.some((r) => matches(r, id));
  const lists = input.policies
    .filter(
      (p) =>
        p.enabled &&
        ((inSide(p.sources, from) && inSide(p.destinations, to)) ||
          (p.bidirectional && inSide(p.destinations, from) && inSide(p.sources, to))),
    )
    .map((p) => rulesOf(p.protocol, p.ports));
  return lists.length === 0 ? [] : unionRules(lists);
}

const ids = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'c0', 'c1'];
const tags = ['t.a', 't.b', 't.c', 't.gateways'];
const refArb: fc.Arbitrary<PolicyRef> = fc.oneof(
  fc.record({ type: fc.constant('tag' as const), value: fc.constantFrom(...tags, '*') }),
  fc.record({ type: fc.constant('device' as const), value: fc.constantFrom(...ids, '*') }),
  fc.record({ type: fc.constant('user' as const), value: fc.constantFrom('ann', 'bob', '*') }),
  fc.record({ type: fc.constant('user-group' as const), value: fc.constantFrom('g1', '*') }),
  fc.record({ type: fc.constant('egress-range' as const), value: fc.constantFrom('10.9.0.0/16', '*') }),
  fc.constant({ type: 'all' as const, value: '*' }),
);
const policyArb = (id: string): fc.Arbitrary<AccessPolicy> =>
  fc.record({
    id: fc.constant(id),
    enabled: fc.boolean(),
    bidirectional: fc.boolean(),
    sources: fc.array(refArb, { minLength: 1, maxLength: 2 }),
    destinations: fc.array(refArb, { minLength: 1, maxLength: 2 }),
    protocol: fc.constantFrom('all', 'tcp', 'udp', 'icmp'),
    ports: fc.array(fc.constantFrom('22', '80', '443', '8000-9000', '8080'), { maxLength: 2 }),
  });
const nodeArb = (id: string): fc.Arbitrary<PolicyNode> =>
  fc.record({
    id: fc.constant(id),
    tags: fc.uniqueArray(fc.constantFrom(...tags), { maxLength: 2 }),
    owner: id.startsWith('c') ? fc.constantFrom('ann', 'bob') : fc.constant(undefined),
    groups: id.startsWith('c') ? fc.constantFrom(['g1'], []) : fc.constant(undefined),
    egressRanges: fc.constantFrom([], [], ['10.9.0.0/16']),
    isClient: fc.constant(id.startsWith('c')),
    // Joined after the matrix fill was set (only counts under a fill).
    isAfterFill: fc.boolean(),
  });
const fillArb = fc.constantFrom<(1 | 2)[]>([], [], [1], [2]);
const withFill = (fill: readonly (1 | 2)[]) => (fill.length === 0 ? {} : { matrixFill: fill[0]! });
const inputArb: fc.Arbitrary<AccessInput> = fc
  .record({
    nodes: fc.subarray(ids, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map(nodeArb))),
    defaultAllow: fc.boolean(),
    matrix: fc.array(
      fc.record({
        a: fc.constantFrom(...ids),
        b: fc.constantFrom(...ids),
        value: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
      }),
      { maxLength: 3 },
    ),
    // The old matrix's fill (decision 040): none, deny or allow every pair but client to client.
    fill: fillArb,
    policies: fc
      .array(fc.constantFrom('p1', 'p2', 'p3', 'p4'), { maxLength: 4 })
      .chain((names) => fc.tuple(...[...new Set(names)].map(policyArb))),
  })
  .map(({ fill, ...input }) => ({ ...input, ...withFill(fill) }));

/** A second state: some policies edited, added or dropped, tags moved, matrix cells changed. */
const changedArb = (input: AccessInput): fc.Arbitrary<AccessInput> =>
  fc
    .record({
      nodes: fc
        .constantFrom(input.nodes, input.nodes.slice(1))
        .chain((nodes) => fc.tuple(...nodes.map((n) => fc.oneof(fc.constant(n), nodeArb(n.id))))),
      defaultAllow: fc.constant(input.defaultAllow),
      matrix: fc.oneof(
        fc.constant(input.matrix),
        inputArb.map((i) => i.matrix),
      ),
      fill: fc.oneof(fc.constant(input.matrixFill === undefined ? [] : [input.matrixFill]), fillArb),
      policies: fc
        .tuple(
          ...input.policies.map((p) => fc.oneof(fc.constant(p), policyArb(p.id), fc.constant(undefined))),
          fc.option(policyArb('p9'), { nil: undefined }),
        )
        .map((list) => list.filter((p): p is AccessPolicy => p !== undefined)),
    })
    .map(({ fill, ...changed }) => ({ ...changed, ...withFill(fill) }));

describe('access policy', () => {
  it('-> when compiled, every ordered pair gets what the naive evaluation over every policy gives', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const model = new AccessModel(input);
        for (const a of ids) for (const b of ids) expect(model.flow(a, b)).toEqual(naiveFlow(input, a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('-> when two states are compared, the counts and changes equal a pair-by-pair comparison', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) => fc.tuple(fc.constant(input), changedArb(input))),
        ([before, after]) => {
          const told = new Set<string>();
          const diff = diffAccess(new AccessModel(before), new AccessModel(after), 10_000, (a, b) => {
            for (const x of a) for (const y of b) if (x !== y) told.add([x, y].sort().join('-'));
          });
          const flowChanged = new Set<string>();
          const expected = { opened: 0, closed: 0, changed: 0, gained: 0, lost: 0 };
          const changes: { from: string; to: string }[] = [];
          for (const a of ids)
            for (const b of ids) {
              const [was, is] = [naiveFlow(before, a, b), naiveFlow(after, a, b)];
              if (JSON.stringify(was) === JSON.stringify(is)) continue;
              changes.push({ from: a, to: b });
              flowChanged.add([a, b].sort().join('-'));
              expected[was.length === 0 ? 'opened' : is.length === 0 ? 'closed' : 'changed'] += 1;
            }
          for (let i = 0; i < ids.length; i++)
            for (let j = i + 1; j < ids.length; j++) {
              const [a, b] = [ids[i]!, ids[j]!];
              const reach = (input: AccessInput) =>
                naiveFlow(input, a, b).length > 0 || naiveFlow(input, b, a).length > 0;
              if (!reach(before) && reach(after)) expected.gained += 1;
              if (reach(before) && !reach(after)) expected.lost += 1;
            }
          expect(diff.flows).toEqual({
            opened: expected.opened,
            closed: expected.closed,
            changed: expected.changed,
          });
          expect(diff.pairs).toEqual({ gained: expected.gained, lost: expected.lost });
          // The peers to tell are exactly the pairs whose flows changed (reach, or what the packet filters hold).
          expect([...told].sort()).toEqual([...flowChanged].sort());
          expect(diff.changes.map(({ from, to }) => ({ from, to })).sort(byPair)).toEqual(
            changes.sort(byPair),
          );
          for (const change of diff.changes) {
            expect(change.before).toEqual(naiveFlow(before, change.from, change.to));
            expect(change.after).toEqual(naiveFlow(after, change.from, change.to));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('-> when a check is made, it fails exactly for the pairs the naive evaluation breaks', () => {
    const assertionArb: fc.Arbitrary<AccessAssertion> = fc.record({
      id: fc.constant('check'),
      from: refArb,
      to: refArb,
      expect: fc.constantFrom('reach', 'no-reach'),
      protocol: fc.constantFrom(undefined, 'tcp', 'udp', 'icmp'),
      port: fc.constantFrom(undefined, 22, 443, 8500),
    });
    fc.assert(
      fc.property(inputArb, assertionArb, (input, assertion) => {
        const model = new AccessModel(input);
        const [failure] = brokenAssertions(model, [assertion], 1000);
        const broken: { from: string; to: string }[] = [];
        for (const from of model.membersOf([assertion.from]))
          for (const to of model.membersOf([assertion.to])) {
            if (from === to) continue;
            const rules = naiveFlow(input, from, to);
            const passes =
              assertion.protocol === undefined
                ? rules.length > 0
                : rulesAllow(rules, assertion.protocol, assertion.port ?? 0);
            if (passes !== (assertion.expect === 'reach')) broken.push({ from, to });
          }
        expect(failure?.count ?? 0).toBe(broken.length);
        expect([...(failure?.pairs ?? [])].sort(byPair)).toEqual(broken.sort(byPair));
      }),
      { numRuns: 300 },
    );
  });

  it('-> when rule lists are merged, ports join into ranges and a protocol covers its ports', () => {
    expect(unionRules([['tcp/80'], ['tcp/81-90', 'udp/53'], ['tcp/85']])).toEqual(['tcp/80-90', 'udp/53']);
    expect(unionRules([['tcp/80'], ['tcp']])).toEqual(['tcp']);
    expect(unionRules([['icmp'], ['all']])).toEqual(['all']);
    expect(rulesAllow(['tcp/8000-9000'], 'tcp', 8500)).toBe(true);
    expect(rulesAllow(['tcp/8000-9000'], 'udp', 8500)).toBe(false);
  });
});

const byPair = (x: { from: string; to: string }, y: { from: string; to: string }) =>
  `${x.from}>${x.to}`.localeCompare(`${y.from}>${y.to}`);
