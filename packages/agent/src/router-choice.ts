import { formatCidr, parseCidr, wgKeyToBase64, type EgressNetworkRoute } from '@meshdeck/contracts';
import type { PeerTable } from './peer-state.ts';

/**
 * Choosing among egress routers (issue 31): where several gateways serve one range the agent picks one itself,
 * from what it measures through the tunnel (router-probe.ts), so a busy or absent server never delays a switch.
 * Pure: the agent loop feeds it probe results and applies the peer table it returns.
 */

/** One gateway able to carry one range, as the server described it (`egress_network_routes`). */
export interface RouterCandidate {
  nodeId: string;
  /** The peer entry the traffic goes to (the gateway's host, or a relay / failover host in front of it). */
  peerKey: string;
  /** The gateway's mesh address, which the probe asks. */
  address: string;
  metric: number;
  /** The server put the range in this peer's allowed IPs. */
  isServerChoice: boolean;
  /** The gateway is its own carrier (no relay or failover host in between). */
  isDirect: boolean;
}

/** What probing a gateway through the tunnel found; absent before the first probe. */
export interface RouterHealth {
  /** The gateway answered its last probe and said it reaches these ranges. */
  reaches: ReadonlySet<string>;
  /** The gateway did not answer its last few probes. */
  isSilent: boolean;
  /** Round trip of the last answer, in milliseconds. */
  rttMs: number | undefined;
  /** Since when (ms epoch) the gateway has answered every probe and reached what it reaches now. */
  steadySince: number;
}

export interface RangeChoice {
  range: string;
  nodeId: string;
  peerKey: string;
  /** Why this router, in words for the log and `status`. */
  reason: string;
  /** How many routers serve the range. */
  routers: number;
}

/**
 * How long a better router must have answered every probe before the agent moves a working range to it (decision
 * 057): a switch resets the connections NATed through the old router, so the agent prefers staying, and a router
 * that came back must prove itself for this long first. Leaving a router is not delayed here: one that says it no
 * longer reaches the range is left at once, one that stopped answering once it counts as silent (router-probe.ts).
 */
export const HYSTERESIS_MS = 10_000;
/** A latency win counts only when it is this much lower (factor) and at least LATENCY_MARGIN_MS lower. */
export const LATENCY_FACTOR = 0.7;
export const LATENCY_MARGIN_MS = 5;

const normalise = (text: string): string => {
  const cidr = parseCidr(text);
  return cidr ? formatCidr(cidr) : text;
};

/** Every range with the routers that serve it, from the server's routes (one per gateway node). */
export function candidatesByRange(
  routes: readonly EgressNetworkRoute[],
  hostKeyOf: (hostId: string) => string | undefined,
): Map<string, RouterCandidate[]> {
  const byRange = new Map<string, RouterCandidate[]>();
  for (const route of routes) {
    const peerKey = wgKeyToBase64(route.peer_key);
    const active = new Set(route.active_ranges.map(normalise));
    for (const entry of route.egress_ranges_metric) {
      const range = normalise(entry.network);
      const list = byRange.get(range) ?? [];
      list.push({
        nodeId: route.node_id,
        peerKey,
        address: route.egress_gw_addr || route.egress_gw_addr6,
        metric: entry.route_metric,
        isServerChoice: active.has(range),
        isDirect: hostKeyOf(route.host_id) === undefined || hostKeyOf(route.host_id) === peerKey,
      });
      byRange.set(range, list);
    }
  }
  return byRange;
}

type State = 'up' | 'unknown' | 'down';
const stateOf = (range: string, health: RouterHealth | undefined): State => {
  if (!health) return 'unknown';
  if (health.isSilent || !health.reaches.has(range)) return 'down';
  return 'up';
};
const rank: Record<State, number> = { up: 0, unknown: 1, down: 2 };

/**
 * Orders two routers for a range: one it reaches before one it does not (an unprobed router sits between), then
 * the lower metric, then direct before relayed, then the lower latency (only a clear win), then the server's
 * choice, then the node id (so every agent breaks ties alike).
 */
function compare(
  range: string,
  a: RouterCandidate,
  b: RouterCandidate,
  health: ReadonlyMap<string, RouterHealth>,
): number {
  const [ha, hb] = [health.get(a.nodeId), health.get(b.nodeId)];
  const byState = rank[stateOf(range, ha)] - rank[stateOf(range, hb)];
  if (byState !== 0) return byState;
  if (a.metric !== b.metric) return a.metric - b.metric;
  if (a.isDirect !== b.isDirect) return a.isDirect ? -1 : 1;
  const [ra, rb] = [ha?.rttMs, hb?.rttMs];
  if (ra !== undefined && rb !== undefined && clearlyFaster(ra, rb)) return -1;
  if (ra !== undefined && rb !== undefined && clearlyFaster(rb, ra)) return 1;
  if (a.isServerChoice !== b.isServerChoice) return a.isServerChoice ? -1 : 1;
  return a.nodeId.localeCompare(b.nodeId);
}

const clearlyFaster = (fast: number, slow: number) =>
  fast < slow * LATENCY_FACTOR && slow - fast >= LATENCY_MARGIN_MS;

/** Why `best` beats `other` for the range, in words. */
function because(
  range: string,
  best: RouterCandidate,
  other: RouterCandidate,
  health: ReadonlyMap<string, RouterHealth>,
): string {
  const [hb, ho] = [health.get(best.nodeId), health.get(other.nodeId)];
  const [sb, so] = [stateOf(range, hb), stateOf(range, ho)];
  if (sb !== so)
    return so === 'down'
      ? `${other.address} ${ho?.isSilent ? 'does not answer' : 'does not reach the range'}`
      : `${other.address} not probed yet`;
  if (best.metric !== other.metric) return `lower metric (${best.metric} < ${other.metric})`;
  if (best.isDirect !== other.isDirect) return `direct (${other.address} is relayed)`;
  const [rb, ro] = [hb?.rttMs, ho?.rttMs];
  if (rb !== undefined && ro !== undefined && clearlyFaster(rb, ro))
    return `lower latency (${rb.toFixed(1)} ms < ${ro.toFixed(1)} ms)`;
  if (best.isServerChoice !== other.isServerChoice) return "the server's choice (otherwise equal)";
  return 'lowest node id (otherwise equal)';
}

/**
 * The router for every range. A range keeps its previous router while that one still reaches it, unless another
 * has been better for {@link HYSTERESIS_MS} (so a router that flaps, or a latency wobble, does not swing traffic
 * back and forth); a router that stops reaching the range is left at once.
 */
export function chooseRouters(
  candidates: ReadonlyMap<string, readonly RouterCandidate[]>,
  health: ReadonlyMap<string, RouterHealth>,
  previous: ReadonlyMap<string, RangeChoice>,
  now: number,
): Map<string, RangeChoice> {
  const choices = new Map<string, RangeChoice>();
  for (const [range, list] of candidates) {
    const sorted = [...list].sort((a, b) => compare(range, a, b, health));
    const best = sorted[0];
    if (!best) continue;
    const routers = list.length;
    const kept = list.find((c) => c.nodeId === previous.get(range)?.nodeId);
    if (kept && kept !== best && stateOf(range, health.get(kept.nodeId)) !== 'down') {
      const since = health.get(best.nodeId)?.steadySince ?? now;
      if (now - since < HYSTERESIS_MS) {
        choices.set(range, {
          range,
          nodeId: kept.nodeId,
          peerKey: kept.peerKey,
          reason: `kept ${kept.address} (${best.address} better for less than ${HYSTERESIS_MS / 1000} s: ${because(range, best, kept, health)})`,
          routers,
        });
        continue;
      }
    }
    const runnerUp = sorted[1];
    const reason = runnerUp ? because(range, best, runnerUp, health) : 'only router';
    const down = stateOf(range, health.get(best.nodeId)) === 'down';
    choices.set(range, {
      range,
      nodeId: best.nodeId,
      peerKey: best.peerKey,
      reason: down ? `no router reaches the range; ${reason}` : reason,
      routers,
    });
  }
  return choices;
}

/**
 * The peer table with each multi-router range moved to the chosen router's entry: removed from every other
 * candidate's allowed IPs, added to the chosen one (WireGuard holds a range on one peer only). Ranges with a
 * single router stay as the server sent them. Returns a new table.
 */
export function applyRouterChoice(
  peers: PeerTable,
  candidates: ReadonlyMap<string, readonly RouterCandidate[]>,
  choices: ReadonlyMap<string, RangeChoice>,
): PeerTable {
  // Only ranges with a choice to make change anything; a plain mesh keeps its table as it is.
  if (![...candidates.values()].some((list) => list.length > 1)) return peers;
  const next = new Map(peers);
  for (const [range, choice] of choices) {
    const list = candidates.get(range) ?? [];
    if (list.length < 2 || !next.has(choice.peerKey)) continue;
    for (const key of new Set(list.map((c) => c.peerKey))) {
      const peer = next.get(key);
      if (!peer) continue;
      const others = peer.allowedIps.filter((ip) => normalise(ip) !== range);
      next.set(key, { ...peer, allowedIps: key === choice.peerKey ? [...others, range] : others });
    }
  }
  return next;
}
