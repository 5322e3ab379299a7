import {
  hostPeerUpdateSchema,
  hostPullSchema,
  unionRules,
  type FlowRule,
  type HostPull,
  type PeerMap,
} from '@meshdeck/contracts';
import { renderNftRuleset } from '../src/firewall-plan.ts';
import { inboundGroups } from '../src/inbound-filter.ts';
import { applyPeerUpdate, syncStep, type PeerTable, type SyncPoint } from '../src/peer-state.ts';

/**
 * One host as its agent sees the mesh, built with the agent's own functions: the WireGuard peer table
 * (applyPeerUpdate), the peer identities (merged as MeshRouting.update does), the sync point that decides between
 * applying a delta and pulling (syncStep), and the nftables text its packet filter would apply (renderNftRuleset of
 * inboundGroups). What may flow between two such hosts is read off those, never off the server's model.
 */
export class AgentView {
  table: PeerTable = new Map();
  peerIds = new Map<string, PeerMap[string]>();
  sync: SyncPoint | undefined;
  pulls = 0;

  constructor(private readonly pull: () => Promise<unknown>) {}

  /** The agent's pull: the whole table and identities replaced. */
  async refresh(): Promise<void> {
    const pull: HostPull = hostPullSchema.parse(await this.pull());
    this.pulls += 1;
    this.table = applyPeerUpdate(this.table, pull.peers, true);
    this.peerIds = new Map(Object.entries(pull.peer_ids));
    this.sync = pull.peer_sync ? { epoch: pull.peer_sync.epoch, version: pull.peer_sync.version } : undefined;
  }

  /** A published peer update, handled as agent-loop.ts handles one (skip, apply, or pull in full). */
  async receive(payload: unknown): Promise<void> {
    const update = hostPeerUpdateSchema.parse(payload);
    const isFull = update.replace_peers;
    const step = syncStep(this.sync, update.peer_sync, isFull);
    if (step === 'skip') return;
    if (step === 'pull') return this.refresh();
    this.table = applyPeerUpdate(this.table, update.host_peers, isFull);
    if (update.peer_sync) this.sync = { epoch: update.peer_sync.epoch, version: update.peer_sync.version };
    if (isFull) this.peerIds = new Map();
    for (const [key, identity] of Object.entries(update.peerids)) this.peerIds.set(key, identity);
  }

  /** Whether this host's interface takes `address` from the peer `publicKey` (cryptokey routing). */
  carries(publicKey: string, address: string): boolean {
    return this.table.get(publicKey)?.allowedIps.includes(`${address}/32`) ?? false;
  }

  /** The nftables table the agent would apply for its packet filter (`iface` the mesh interface). */
  ruleset(iface: string): string {
    return renderNftRuleset({
      iface,
      peers: [],
      natRanges: [],
      internetSources: [],
      inbound: inboundGroups(this.peerIds),
    });
  }
}

/** nft matches the filter writes, back to the canonical rules they stand for. */
function ruleOfMatch(match: string): FlowRule {
  const l4 = /^meta l4proto (tcp|udp|icmp|ipv6-icmp)$/.exec(match);
  if (l4) return l4[1] === 'ipv6-icmp' ? 'icmp' : l4[1]!;
  const port = /^(tcp|udp) dport (\d+(?:-\d+)?)$/.exec(match);
  if (port) return `${port[1]}/${port[2]}`;
  throw new Error(`unknown match in the agent's ruleset: ${match}`);
}

/**
 * What new traffic from `source` (an IPv4 address) the ruleset lets in on `iface`, evaluated the way nftables
 * walks the inbound chain: rules in order, the accepts that match the source collected until a rule drops the rest
 * of its traffic; a source no rule names passes whole (the chain's policy is accept).
 */
export function admittedBy(ruleset: string, iface: string, source: string): FlowRule[] {
  const sets = new Map<string, Set<string>>();
  for (const match of ruleset.matchAll(/set (\w+) \{[^}]*?elements = \{ ([^}]*) \}/g))
    sets.set(match[1]!, new Set(match[2]!.split(', ')));
  const chain = /chain inbound \{([\s\S]*?)\n {2}\}/.exec(ruleset)?.[1];
  if (!chain) return ['all'];
  const accepted: FlowRule[] = [];
  for (const raw of chain.split('\n').map((line) => line.trim())) {
    if (raw === '' || raw.startsWith('type filter hook input')) continue;
    if (raw === `iifname != ${JSON.stringify(iface)} accept`) continue;
    if (raw === 'ct state established,related accept') continue;
    const rule = /^ip6? saddr @(\w+) (.*)$/.exec(raw);
    if (!rule) throw new Error(`unknown rule in the agent's ruleset: ${raw}`);
    if (!sets.get(rule[1]!)?.has(source)) continue;
    const action = rule[2]!;
    if (action.startsWith('counter drop')) return unionRules([accepted]);
    const accept = /^(.*) accept$/.exec(action);
    if (!accept) throw new Error(`unknown action in the agent's ruleset: ${action}`);
    accepted.push(ruleOfMatch(accept[1]!));
  }
  return ['all'];
}
