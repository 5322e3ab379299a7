import { ALL_TRAFFIC, NO_TRAFFIC, rulesOf, unionRules, type FlowRule } from './flow-rules.ts';
import type { AccessInput, AccessPolicy, PolicyNode, PolicyRef } from './model.ts';

/** A resolved source or destination: every node, or a set of ids. */
type Members = 'all' | ReadonlySet<string>;

interface CompiledPolicy {
  policy: AccessPolicy;
  rules: FlowRule[];
  sources: Members;
  destinations: Members;
}

/** One side of one enabled policy a node belongs to: `index * 2` for sources, `+ 1` for destinations. */
type Membership = number;

const EMPTY: ReadonlySet<string> = new Set();
const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
const has = (members: Members, id: string) => members === 'all' || members.has(id);

/**
 * One network's access, compiled once: tags, owners, groups and ranges become member sets, each policy side is
 * resolved to one set (shared, never copied per node), and each node knows the policy sides it is in. Asking what
 * flows from A to B then costs the number of policy sides A is in, never policies x nodes.
 *
 * The rules (decision 033): an old-matrix cell someone set (stored because it differs from `defaultacl`) decides
 * its pair, 1 denying everything and 2 allowing everything; without a cell, the matrix fill (decision 040) decides
 * every pair but client to client the same way; a cell of 0 or any other pair gets the union of the enabled
 * policies that match it (sources -> destinations, and back for two-way policies). Nodes never pair with
 * themselves. Two nodes can reach each other when something flows either way (one tunnel carries both).
 */
export class AccessModel {
  readonly nodes: ReadonlyMap<string, PolicyNode>;
  readonly policies: readonly CompiledPolicy[];
  /** Policy sides per node, plus those every node is in. */
  readonly #memberships = new Map<string, Membership[]>();
  readonly #everyone: Membership[] = [];
  readonly #matrix = new Map<string, 0 | 1 | 2>();
  readonly #clients = new Set<string>();
  readonly #afterFill = new Set<string>();
  readonly #overridden = new Set<string>();
  readonly #signatures = new Map<string, string>();

  constructor(readonly input: AccessInput) {
    this.nodes = new Map(input.nodes.map((node) => [node.id, node]));
    for (const node of input.nodes) {
      if (node.isClient) this.#clients.add(node.id);
      if (node.isAfterFill) this.#afterFill.add(node.id);
    }
    const index = new MemberIndex(input.nodes);
    this.policies = input.policies.map((policy) => ({
      policy,
      rules: rulesOf(policy.protocol, policy.ports),
      sources: index.resolve(policy.sources),
      destinations: index.resolve(policy.destinations),
    }));
    this.policies.forEach((compiled, i) => {
      if (!compiled.policy.enabled) return;
      this.#join(compiled.sources, i * 2);
      this.#join(compiled.destinations, i * 2 + 1);
    });
    for (const cell of input.matrix) {
      if (cell.a === cell.b || !this.nodes.has(cell.a) || !this.nodes.has(cell.b)) continue;
      const key = pairKey(cell.a, cell.b);
      // Conflicting cells of one pair (a->b allow, b->a deny): the deny wins.
      if (this.#matrix.get(key) !== 1) this.#matrix.set(key, cell.value);
      this.#overridden.add(cell.a).add(cell.b);
    }
  }

  #join(members: Members, membership: Membership): void {
    if (members === 'all') {
      this.#everyone.push(membership);
      return;
    }
    for (const id of members) {
      if (!this.nodes.has(id)) continue;
      (this.#memberships.get(id) ?? this.#memberships.set(id, []).get(id)!).push(membership);
    }
  }

  /**
   * The policy sides a node is in beyond those every node is in, as text: equal text, alike nodes. Sides are
   * pushed in policy order, so the list is already sorted.
   */
  signatureOf(id: string): string {
    let text = this.#signatures.get(id);
    if (text === undefined) {
      text = (this.#memberships.get(id) ?? []).join(',');
      this.#signatures.set(id, text);
    }
    return text;
  }

  /** Whether a node has matrix cells of its own (it then behaves unlike any other node). */
  isOverridden(id: string): boolean {
    return this.#overridden.has(id);
  }

  /**
   * Whether the matrix fill decides a pair without a cell of its own: every pair but client to client or with a
   * member that joined after the fill.
   */
  isFilled(a: string, b: string): boolean {
    return (
      this.input.matrixFill !== undefined &&
      !(this.#clients.has(a) && this.#clients.has(b)) &&
      !this.#afterFill.has(a) &&
      !this.#afterFill.has(b)
    );
  }

  /** Whether a member joined after the matrix fill (its pairs follow the policies). */
  isAfterFill(id: string): boolean {
    return this.#afterFill.has(id);
  }

  /** Whether some member joined after the matrix fill. */
  get hasAfterFill(): boolean {
    return this.#afterFill.size > 0;
  }

  /** Whether a node is an external client (its pairs with other clients are outside the matrix fill). */
  isClient(id: string): boolean {
    return this.#clients.has(id);
  }

  /** What `from` may send to `to`: a canonical rule list, empty when nothing. */
  flow(from: string, to: string): FlowRule[] {
    if (from === to || !this.nodes.has(from) || !this.nodes.has(to)) return [];
    const stored = this.#overridden.has(from) ? this.#matrix.get(pairKey(from, to)) : undefined;
    const cell = stored ?? (this.isFilled(from, to) ? this.input.matrixFill : undefined);
    if (cell !== undefined && cell !== 0) return cell === 2 ? [...ALL_TRAFFIC] : [...NO_TRAFFIC];
    const lists: FlowRule[][] = [];
    for (const membership of this.#entries(from)) {
      const compiled = this.policies[membership >> 1]!;
      const isSource = (membership & 1) === 0;
      if (isSource && has(compiled.destinations, to)) lists.push(compiled.rules);
      else if (!isSource && compiled.policy.bidirectional && has(compiled.sources, to))
        lists.push(compiled.rules);
    }
    return lists.length === 0 ? [] : unionRules(lists);
  }

  /** Whether two nodes may be WireGuard peers: something flows one way or the other. */
  reaches(a: string, b: string): boolean {
    return this.flow(a, b).length > 0 || this.flow(b, a).length > 0;
  }

  /** Every node a policy side resolves to (the whole network for `*`). */
  membersOf(refs: readonly PolicyRef[]): string[] {
    const members = new MemberIndex(this.input.nodes).resolve(refs);
    return members === 'all' ? [...this.nodes.keys()] : [...members].filter((id) => this.nodes.has(id));
  }

  *#entries(id: string): Iterable<Membership> {
    yield* this.#everyone;
    yield* this.#memberships.get(id) ?? [];
  }
}

/** Tag, owner, group and range member sets of one network, built once. */
class MemberIndex {
  readonly #byTag = new Map<string, Set<string>>();
  readonly #byOwner = new Map<string, Set<string>>();
  readonly #byGroup = new Map<string, Set<string>>();
  readonly #byRange = new Map<string, Set<string>>();
  readonly #owned = new Set<string>();
  readonly #routers = new Set<string>();

  constructor(nodes: readonly PolicyNode[]) {
    const add = (map: Map<string, Set<string>>, key: string, id: string) =>
      (map.get(key) ?? map.set(key, new Set()).get(key)!).add(id);
    for (const node of nodes) {
      for (const tag of node.tags) add(this.#byTag, tag, node.id);
      if (node.owner) {
        add(this.#byOwner, node.owner, node.id);
        this.#owned.add(node.id);
      }
      for (const group of node.groups ?? []) add(this.#byGroup, group, node.id);
      for (const range of node.egressRanges ?? []) {
        add(this.#byRange, range, node.id);
        this.#routers.add(node.id);
      }
    }
  }

  /** The union of refs; one ref reuses its set as is (a side naming one tag costs nothing). */
  resolve(refs: readonly PolicyRef[]): Members {
    const sets: ReadonlySet<string>[] = [];
    for (const ref of refs) {
      const members = this.#one(ref);
      if (members === 'all') return 'all';
      if (members.size > 0) sets.push(members);
    }
    if (sets.length <= 1) return sets[0] ?? EMPTY;
    const union = new Set<string>();
    for (const set of sets) for (const id of set) union.add(id);
    return union;
  }

  #one(ref: PolicyRef): Members {
    const isAny = ref.value === '*';
    switch (ref.type) {
      case 'all':
        return 'all';
      case 'tag':
        return isAny ? 'all' : (this.#byTag.get(ref.value) ?? EMPTY);
      case 'device':
        return isAny ? 'all' : new Set([ref.value]);
      case 'user':
        return isAny ? this.#owned : (this.#byOwner.get(ref.value) ?? EMPTY);
      case 'user-group':
        return isAny ? this.#owned : (this.#byGroup.get(ref.value) ?? EMPTY);
      case 'egress-range':
        return isAny ? this.#routers : (this.#byRange.get(ref.value) ?? EMPTY);
    }
  }
}
