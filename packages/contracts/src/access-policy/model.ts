import type { FlowRule, PolicyProtocol } from './flow-rules.ts';

/**
 * The inputs of a network's access computation, free of wire quirks: what the server loads from its tables and
 * the console builds from its lists. Ids are node ids or external-client ids (the old matrix mixes both).
 */

/** Kinds of policy sources and destinations (api-contract §3.7); `all` is the `*` of any kind. */
export type PolicyRefType = 'all' | 'tag' | 'device' | 'user' | 'user-group' | 'egress-range';

/** One source or destination: a tag id, node or client id, username, group id, egress range, or `*`. */
export interface PolicyRef {
  type: PolicyRefType;
  value: string;
}

/** One policy as the computation sees it (enabled or not; default policies are ordinary policies here). */
export interface AccessPolicy {
  id: string;
  enabled: boolean;
  /** Both ways (contract direction 1) or only sources -> destinations (direction 0). */
  bidirectional: boolean;
  sources: readonly PolicyRef[];
  destinations: readonly PolicyRef[];
  protocol: PolicyProtocol;
  /** Ports and ranges such as `443` or `8000-9000`; empty means every port. */
  ports: readonly string[];
}

/** A node or an external client of the network. */
export interface PolicyNode {
  id: string;
  /** Tag ids (`<net>.<tag>`), including the automatic `<net>.gateways` of a gateway. */
  tags: readonly string[];
  /** The user owning a client (remote-access clients), if any. */
  owner?: string;
  /** The owner's group ids. */
  groups?: readonly string[];
  /** Egress ranges this node routes. */
  egressRanges?: readonly string[];
  /** An external (remote-access) client: the old matrix's fill never covers a client-to-client pair. */
  isClient?: boolean;
  /** Joined after the matrix fill was set: its pairs are outside the fill (a new member gets the default). */
  isAfterFill?: boolean;
}

/**
 * A stored cell of the old matrix: 1 = deny, 2 = allow (contract §2.16), 0 = an exception to the matrix fill that
 * leaves its pair to the policies (as a pair nobody set).
 */
export interface MatrixOverride {
  a: string;
  b: string;
  value: 0 | 1 | 2;
}

/** Everything that decides who reaches whom in one network. */
export interface AccessInput {
  nodes: readonly PolicyNode[];
  /** The network's `defaultacl`: the value of every matrix cell nobody set. */
  defaultAllow: boolean;
  matrix: readonly MatrixOverride[];
  /**
   * The old matrix's own default (a "Block all" / "Allow all" stored as one value): every pair but client to
   * client or with a member that joined later (`isAfterFill`), without a cell of its own, is decided by it, 1 denying and 2 allowing everything. Absent: such pairs
   * follow the policies.
   */
  matrixFill?: 1 | 2;
  policies: readonly AccessPolicy[];
}

/** What flows between one ordered pair, before and after a change. */
export interface FlowChange {
  from: string;
  to: string;
  before: FlowRule[];
  after: FlowRule[];
}

/** The impact of a change: counts over every pair, and the first changes in full. */
export interface AccessDiff {
  /** Unordered pairs that can reach each other (some traffic, either way) after but not before, and the reverse. */
  pairs: { gained: number; lost: number };
  /** Ordered flows that open (none -> some), close (some -> none) or change ports. */
  flows: { opened: number; closed: number; changed: number };
  /** Up to the limit asked for, in a stable order. */
  changes: FlowChange[];
  truncated: boolean;
}

/** A "must reach" or "must not reach" check a network holds (decided before a policy change is saved). */
export interface AccessAssertion {
  id: string;
  from: PolicyRef;
  to: PolicyRef;
  expect: 'reach' | 'no-reach';
  /** Narrows the check to one protocol and port (`reach` then means that traffic passes). */
  protocol?: 'tcp' | 'udp' | 'icmp';
  port?: number;
}

/** A check that fails, with the first pairs breaking it. */
export interface AssertionFailure {
  assertion: AccessAssertion;
  pairs: { from: string; to: string }[];
  count: number;
}
