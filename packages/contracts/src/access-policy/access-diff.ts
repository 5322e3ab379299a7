import type { AccessModel } from './access-model.ts';
import { sameRules, type FlowRule } from './flow-rules.ts';
import type { AccessDiff, AccessPolicy, FlowChange } from './model.ts';

/**
 * Told of every two groups of nodes whose members now reach each other and did not, or the reverse, or whose
 * allowed flows between them changed (each member of `a` with each member of `b`, other than itself when both are
 * one group): the peers to tell, since a receiver's packet filter holds the flows (`allowed_inbound`).
 */
export type ReachListener = (a: readonly string[], b: readonly string[]) => void;

/** One side pair of a compiled policy (`all` or the member set). */
interface Sides {
  sources: 'all' | ReadonlySet<string>;
  destinations: 'all' | ReadonlySet<string>;
}

/**
 * Nodes to look at: `hard` ones changed themselves (attributes, matrix cells, presence), the rest of `dirty` only
 * belong to a changed policy, so their pairs change only where one of `policies` matches them.
 */
interface Dirty {
  dirty: Set<string>;
  hard: Set<string>;
  policies: Sides[];
}

const within = (members: 'all' | ReadonlySet<string>, id: string) => members === 'all' || members.has(id);
const matches = (sides: Sides, x: string, y: string) =>
  (within(sides.sources, x) && within(sides.destinations, y)) ||
  (within(sides.sources, y) && within(sides.destinations, x));

/** Nodes that behave alike in both models: same policy sides, no matrix cells of their own. */
interface NodeClass {
  members: string[];
  isDirty: boolean;
}

const policyKey = (p: AccessPolicy) =>
  JSON.stringify([p.enabled, p.bidirectional, p.sources, p.destinations, p.protocol, [...p.ports].sort()]);

/** A node's behaviour in one model as text: equal text, equal flows to every other node. */
function signature(model: AccessModel, id: string): string {
  if (!model.nodes.has(id)) return '-';
  if (model.isOverridden(id)) return `#${id}`;
  // Under a fill a node (not a client) sends and receives the fill's value with every member the fill reaches: its
  // policies matter only toward members that joined later (and theirs toward everyone).
  const fill = model.input.matrixFill;
  if (fill !== undefined) {
    if (model.isAfterFill(id)) return `a:${model.signatureOf(id)}`;
    if (model.isClient(id)) return `c${fill}:${model.signatureOf(id)}`;
    return model.hasAfterFill ? `f${fill}:${model.signatureOf(id)}` : `f${fill}`;
  }
  return model.signatureOf(id);
}

/** Whether a node's attributes (what policies match on) are the same in both models. */
function sameAttributes(before: AccessModel, after: AccessModel, id: string): boolean {
  const [a, b] = [before.nodes.get(id), after.nodes.get(id)];
  if (a === b) return true;
  if (!a || !b) return false;
  const same = (x: readonly string[] = [], y: readonly string[] = []) =>
    x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.owner === b.owner &&
    a.isAfterFill === b.isAfterFill &&
    same(a.tags, b.tags) &&
    same(a.groups, b.groups) &&
    same(a.egressRanges, b.egressRanges)
  );
}

function matrixOf(model: AccessModel): Map<string, number> {
  const cells = new Map<string, number>();
  for (const cell of model.input.matrix) cells.set(`${cell.a}\n${cell.b}`, cell.value);
  return cells;
}

/**
 * Nodes whose flows may differ between the models: members (before or after) of a policy that was added,
 * removed or changed; nodes whose attributes (tags, owner, groups, ranges) or matrix cells differ; nodes present
 * in one model only. An unchanged policy matches an unchanged node the same way in both, so a pair of two clean
 * nodes flows the same in both and only pairs with a dirty end need looking at.
 */
function dirtyNodes(before: AccessModel, after: AccessModel, ids: readonly string[]): Dirty {
  const dirty = new Set<string>();
  const hard = new Set<string>();
  const keys = new Map(before.policies.map((c) => [c.policy.id, policyKey(c.policy)]));
  const changed = new Set<string>();
  for (const c of after.policies) if (keys.get(c.policy.id) !== policyKey(c.policy)) changed.add(c.policy.id);
  const afterIds = new Set(after.policies.map((c) => c.policy.id));
  for (const id of keys.keys()) if (!afterIds.has(id)) changed.add(id);
  const policies: Sides[] = [];
  for (const model of [before, after])
    for (const c of model.policies)
      if (changed.has(c.policy.id)) {
        policies.push(c);
        for (const id of model.membersOf([...c.policy.sources, ...c.policy.destinations])) dirty.add(id);
      }
  const [cellsBefore, cellsAfter] = [matrixOf(before), matrixOf(after)];
  for (const [a, b] of [
    [cellsBefore, cellsAfter],
    [cellsAfter, cellsBefore],
  ] as const)
    for (const [key, value] of a) if (b.get(key) !== value) for (const id of key.split('\n')) hard.add(id);
  // A changed fill changes every pair it decides: every node changed itself.
  const isFillChanged = before.input.matrixFill !== after.input.matrixFill;
  for (const id of ids) if (isFillChanged || !sameAttributes(before, after, id)) hard.add(id);
  for (const id of hard) dirty.add(id);
  return { dirty, hard, policies };
}

/**
 * What changes between two models of one network (a saved state and a proposed one): every ordered pair is
 * accounted for, but work is spent on classes of alike nodes next to a changed one, so one policy between two
 * tags costs those tags' classes times the network's classes, not nodes squared.
 */
export function diffAccess(
  before: AccessModel,
  after: AccessModel,
  limit = 200,
  onReachChange?: ReachListener,
): AccessDiff {
  const ids = [...new Set([...before.nodes.keys(), ...after.nodes.keys()])].sort();
  const found = dirtyNodes(before, after, ids);
  const dirty = found.dirty;
  const result: AccessDiff = {
    pairs: { gained: 0, lost: 0 },
    flows: { opened: 0, closed: 0, changed: 0 },
    changes: [],
    truncated: false,
  };
  if (dirty.size === 0) return result;
  const byKey = new Map<string, NodeClass>();
  for (const id of ids) {
    const key = `${signature(before, id)}|${signature(after, id)}`;
    const known = byKey.get(key) ?? byKey.set(key, { members: [], isDirty: false }).get(key)!;
    known.members.push(id);
    if (dirty.has(id)) known.isDirty = true;
  }
  const classes = [...byKey.values()];
  classes.forEach((c, i) => {
    if (!c.isDirty) return;
    for (let j = 0; j < classes.length; j++) {
      const other = classes[j]!;
      if (other.isDirty && j < i) continue;
      compareClasses(before, after, c, other, result, limit, onReachChange, found);
    }
  });
  result.changes.sort((x, y) => (x.from === y.from ? (x.to < y.to ? -1 : 1) : x.from < y.from ? -1 : 1));
  return result;
}

function compareClasses(
  before: AccessModel,
  after: AccessModel,
  c: NodeClass,
  d: NodeClass,
  result: AccessDiff,
  limit: number,
  onReachChange: ReachListener | undefined,
  found: Dirty,
): void {
  const same = c === d;
  if (same && c.members.length < 2) return;
  const x = c.members[0]!;
  const y = same ? c.members[1]! : d.members[0]!;
  // Neither end changed itself: only a changed policy matching the pair can change what flows.
  if (!found.hard.has(x) && !found.hard.has(y) && !found.policies.some((p) => matches(p, x, y))) return;
  const forward = [before.flow(x, y), after.flow(x, y)] as const;
  const backward = [before.flow(y, x), after.flow(y, x)] as const;
  const isForwardSame = sameRules(...forward);
  const isBackwardSame = sameRules(...backward);
  if (isForwardSame && isBackwardSame) return;
  const n = c.members.length;
  const pairs = same ? (n * (n - 1)) / 2 : n * d.members.length;
  const reachedBefore = forward[0].length > 0 || backward[0].length > 0;
  const reachesAfter = forward[1].length > 0 || backward[1].length > 0;
  if (!reachedBefore && reachesAfter) result.pairs.gained += pairs;
  if (reachedBefore && !reachesAfter) result.pairs.lost += pairs;
  // Rules narrowed or widened without a change of reach matter too: the receivers' packet filters hold them.
  onReachChange?.(c.members, d.members);
  for (const [was, is] of [forward, backward]) {
    if (sameRules(was, is)) continue;
    const kind = was.length === 0 ? 'opened' : is.length === 0 ? 'closed' : 'changed';
    result.flows[kind] += pairs;
  }
  const emit = (from: string, to: string, [was, is]: readonly [FlowRule[], FlowRule[]]) => {
    if (sameRules(was, is)) return true;
    if (result.changes.length >= limit) {
      result.truncated = true;
      return false;
    }
    result.changes.push({ from, to, before: was, after: is } satisfies FlowChange);
    return true;
  };
  for (let i = 0; i < n; i++) {
    const start = same ? i + 1 : 0;
    for (let j = start; j < d.members.length; j++) {
      const a = c.members[i]!;
      const b = d.members[j]!;
      if (!emit(a, b, forward) || !emit(b, a, backward)) return;
    }
  }
}

/** Classes of alike nodes in one model among `ids` (assertions use them to check sets, not pairs). */
export function classesOf(model: AccessModel, ids: readonly string[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const id of ids) {
    const key = signature(model, id);
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(id);
  }
  return [...byKey.values()];
}
