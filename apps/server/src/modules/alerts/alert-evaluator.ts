import { UNKNOWN_LATENCY_MS, type AlertKind, type NodeMetrics, type NodeStatus } from '@meshdeck/contracts';

/**
 * The rules' judgement, pure (decision 055): what each rule sees in a network now (`observe`), and what fires or
 * resolves given what fired before, how long each condition has held and each subject's cooldown (`judge`).
 */

/** A report older than this says nothing about now (agents report every 60 s by default, at once on a change). */
export const METRICS_FRESH_MS = 5 * 60_000;

/** A network as the rules read it at one instant. */
export interface NetworkSnapshot {
  nodes: readonly { id: string; name: string; hostId: string; status: NodeStatus }[];
  /** Each node's latest metrics (absent: it never reported). */
  metrics: Readonly<Record<string, NodeMetrics>>;
  /** The version of the last peer update the server sent to a host (0: none since the server started). */
  peerVersion: (hostId: string) => number;
  now: number;
}

export interface RuleCondition {
  id: string;
  kind: AlertKind;
  /** One node the rule watches ('' = every node). */
  node_id: string;
  latency_ms: number | null;
}

/** One subject as a rule sees it: in alarm, fine, or not known now (its report is stale, an end is offline). */
export interface Observation {
  subject: string;
  name: string;
  active: boolean | undefined;
  detail: string;
}

/** The subject of a pair: both node ids, sorted, so both directions are one alert. */
export const pairSubject = (a: string, b: string): string => (a < b ? `${a}~${b}` : `${b}~${a}`);
/** The node ids a subject names. */
export const subjectNodes = (subject: string): string[] => subject.split('~');

interface PairView {
  names: [string, string];
  /** Why a fresh side could not reach the other ('' when both could). */
  reason: string;
  reporter: string;
  /** Highest latency a fresh side measured (-1: none). */
  latency: number;
  /** Whether a fresh report of a running node covers the pair. */
  known: boolean;
}

function pairsOf(rule: RuleCondition, snap: NetworkSnapshot): Map<string, PairView> {
  const byId = new Map(snap.nodes.map((node) => [node.id, node]));
  const pairs = new Map<string, PairView>();
  for (const [nodeId, metrics] of Object.entries(snap.metrics)) {
    const node = byId.get(nodeId);
    if (!node) continue;
    const isFresh =
      snap.now - Date.parse(metrics.updated_at) <= METRICS_FRESH_MS && node.status !== 'offline';
    for (const [peerId, metric] of Object.entries(metrics.connectivity)) {
      const peer = byId.get(peerId);
      // Remote-access clients are not nodes; the rules watch pairs of nodes.
      if (!peer) continue;
      if (rule.node_id !== '' && rule.node_id !== nodeId && rule.node_id !== peerId) continue;
      const subject = pairSubject(nodeId, peerId);
      const names: [string, string] = nodeId < peerId ? [node.name, peer.name] : [peer.name, node.name];
      const pair = pairs.get(subject) ?? { names, reason: '', reporter: '', latency: -1, known: false };
      pairs.set(subject, pair);
      // A side that is offline, or whose peer is, or whose report is old tells nothing about the path now.
      if (!isFresh || peer.status === 'offline') continue;
      pair.known = true;
      // A pair that access control denies is not broken (decision 054's blocked_by_policy).
      if (!metric.connected && metric.reason !== 'blocked_by_policy') {
        pair.reason = metric.reason ?? 'no_answer';
        pair.reporter = node.name;
      }
      if (metric.connected && metric.latency !== UNKNOWN_LATENCY_MS)
        pair.latency = Math.max(pair.latency, metric.latency);
    }
  }
  return pairs;
}

/** What one rule sees in the network now, one observation per subject it watches. */
export function observe(rule: RuleCondition, snap: NetworkSnapshot): Observation[] {
  const watched = snap.nodes.filter((node) => rule.node_id === '' || node.id === rule.node_id);
  switch (rule.kind) {
    case 'node_offline':
      return watched.map((node) => ({
        subject: node.id,
        name: node.name,
        active: node.status === 'offline',
        detail: node.status === 'offline' ? `${node.name} is offline` : `${node.name} is ${node.status}`,
      }));
    case 'config_stale':
      return watched.map((node) => {
        const metrics = snap.metrics[node.id];
        const applied = metrics?.applied_peer_version;
        const sent = snap.peerVersion(node.hostId);
        const isKnown =
          metrics !== undefined &&
          applied !== undefined &&
          node.status !== 'offline' &&
          snap.now - Date.parse(metrics.updated_at) <= METRICS_FRESH_MS;
        return {
          subject: node.id,
          name: node.name,
          active: isKnown ? applied < sent : undefined,
          detail: `${node.name} applied peer update ${applied ?? 'none'}; the server sent ${sent}`,
        };
      });
    case 'edge_unreachable':
      return [...pairsOf(rule, snap)].map(([subject, pair]) => ({
        subject,
        name: pair.names.join(' ↔ '),
        active: pair.known ? pair.reason !== '' : undefined,
        detail:
          pair.reason === ''
            ? `${pair.names.join(' ↔ ')} reach each other`
            : `${pair.names.join(' ↔ ')} unreachable (${pair.reason}, seen by ${pair.reporter})`,
      }));
    case 'latency_high': {
      const threshold = rule.latency_ms ?? Number.POSITIVE_INFINITY;
      return [...pairsOf(rule, snap)].map(([subject, pair]) => ({
        subject,
        name: pair.names.join(' ↔ '),
        active: pair.known && pair.latency >= 0 ? pair.latency > threshold : undefined,
        detail: `${pair.names.join(' ↔ ')}: ${pair.latency < 0 ? 'no latency measured' : `${pair.latency} ms`}, threshold ${threshold} ms`,
      }));
    }
  }
}

/** An alert of the rule that fires now. */
export interface OpenAlert {
  id: string;
  subject: string;
}

export interface JudgeInput {
  rule: { for_seconds: number; cooldown_seconds: number };
  observations: readonly Observation[];
  /** The rule's firing alerts by subject. */
  open: ReadonlyMap<string, OpenAlert>;
  /** When each subject of the rule last fired (epoch ms), within the cooldown. */
  lastFired: ReadonlyMap<string, number>;
  /** Since when each subject's condition holds (epoch ms); updated in place, kept by the caller between runs. */
  pending: Map<string, number>;
  /** Whether every node a subject names still exists in the network. */
  exists: (subject: string) => boolean;
  now: number;
}

export interface Judgement {
  fire: Observation[];
  resolve: { alert: OpenAlert; detail: string }[];
}

/**
 * Fires a subject whose condition has held for `for_seconds` and that did not fire within `cooldown_seconds`
 * (it fires once the cooldown is over if it still holds), resolves a firing alert whose condition no longer
 * holds or whose node is gone; a subject that cannot be judged now (unknown) keeps its state.
 */
export function judge(input: JudgeInput): Judgement {
  const { rule, open, pending, now } = input;
  const fire: Observation[] = [];
  const resolve: Judgement['resolve'] = [];
  const seen = new Set<string>();
  for (const observation of input.observations) {
    const { subject } = observation;
    seen.add(subject);
    if (observation.active === undefined) continue;
    const alert = open.get(subject);
    if (!observation.active) {
      pending.delete(subject);
      if (alert) resolve.push({ alert, detail: observation.detail });
      continue;
    }
    if (alert) {
      pending.delete(subject);
      continue;
    }
    const since = pending.get(subject) ?? now;
    pending.set(subject, since);
    if (now - since < rule.for_seconds * 1000) continue;
    const last = input.lastFired.get(subject);
    if (last !== undefined && now - last < rule.cooldown_seconds * 1000) continue;
    pending.delete(subject);
    fire.push(observation);
  }
  for (const [subject, alert] of open)
    if (!seen.has(subject) && !input.exists(subject))
      resolve.push({ alert, detail: 'no longer in the network' });
  for (const subject of pending.keys()) if (!seen.has(subject)) pending.delete(subject);
  return { fire, resolve };
}
