import { formatCidr, parseCidr, type Cidr } from '@meshdeck/contracts';
import { renderInboundNft, type InboundGroup } from './inbound-filter.ts';

/**
 * The agent's address translation, as text for one atomic `nft -f` (or `iptables-restore --noflush` where nft is
 * missing). Pure: host-routing.ts runs it. The agent owns one nftables table and nothing else; every apply
 * replaces that table as a whole in one transaction, so there is never a moment with half a ruleset.
 */
export interface FirewallPlan {
  /** The WireGuard interface: masquerading applies to traffic leaving through any other interface. */
  iface: string;
  /** Mesh addresses of the peers (sources whose egress traffic is masqueraded). */
  peers: string[];
  /** Egress ranges with NAT on (destinations masqueraded for the peers). */
  natRanges: string[];
  /** Mesh ranges an internet gateway masquerades out to everything. */
  internetSources: string[];
  /** Peers whose access is narrowed to some protocols or ports (issue 32): the receiving node's packet filter. */
  inbound?: InboundGroup[];
}

export const NFT_TABLE = 'meshdeck';
/** The chain of the iptables fallback, jumped to from nat POSTROUTING. */
export const IPTABLES_CHAIN = 'MESHDECK-POSTROUTING';

/** Nothing to translate (the masquerade chain can go). */
export const isEmptyPlan = (plan: FirewallPlan): boolean =>
  plan.natRanges.length === 0 && plan.internetSources.length === 0;

const hasInbound = (plan: FirewallPlan): boolean => (plan.inbound?.length ?? 0) > 0;

const cidrs = (list: readonly string[], family: 4 | 6): string[] =>
  [
    ...new Set(
      list
        .map((text) => parseCidr(text.includes('/') ? text : `${text}/${text.includes(':') ? 128 : 32}`))
        .filter((c): c is Cidr => c !== undefined && c.family === family)
        .map(formatCidr),
    ),
  ].sort();

/** nft element text: host addresses without their /32 or /128. */
const element = (cidr: string) => cidr.replace(/\/(32|128)$/, '');

function set(name: string, type: string, members: string[]): string[] {
  const lines = [`  set ${name} {`, `    type ${type}`, '    flags interval'];
  if (members.length > 0) lines.push(`    elements = { ${members.map(element).join(', ')} }`);
  return [...lines, '  }'];
}

/**
 * The whole nftables ruleset of the agent: its table created if absent and deleted (so the file always applies),
 * then declared afresh with the peer addresses and ranges in named sets and the masquerade rules. With nothing to
 * translate the table is only deleted.
 */
export function renderNftRuleset(plan: FirewallPlan): string {
  const head = [`table inet ${NFT_TABLE}`, `delete table inet ${NFT_TABLE}`];
  if (isEmptyPlan(plan) && !hasInbound(plan)) return `${head.join('\n')}\n`;
  const iface = JSON.stringify(plan.iface);
  const inbound = renderInboundNft(plan.iface, plan.inbound ?? []);
  if (isEmptyPlan(plan)) return `${[...head, `table inet ${NFT_TABLE} {`, ...inbound, '}'].join('\n')}\n`;
  const body = [
    `table inet ${NFT_TABLE} {`,
    ...inbound,
    ...set('peers4', 'ipv4_addr', cidrs(plan.peers, 4)),
    ...set('peers6', 'ipv6_addr', cidrs(plan.peers, 6)),
    ...set('nat_ranges4', 'ipv4_addr', cidrs(plan.natRanges, 4)),
    ...set('nat_ranges6', 'ipv6_addr', cidrs(plan.natRanges, 6)),
    ...set('internet_sources4', 'ipv4_addr', cidrs(plan.internetSources, 4)),
    ...set('internet_sources6', 'ipv6_addr', cidrs(plan.internetSources, 6)),
    '  chain postrouting {',
    '    type nat hook postrouting priority srcnat; policy accept;',
    `    oifname != ${iface} ip saddr @peers4 ip daddr @nat_ranges4 counter masquerade comment "egress NAT"`,
    `    oifname != ${iface} ip6 saddr @peers6 ip6 daddr @nat_ranges6 counter masquerade comment "egress NAT"`,
    `    oifname != ${iface} ip saddr @internet_sources4 counter masquerade comment "internet gateway"`,
    `    oifname != ${iface} ip6 saddr @internet_sources6 counter masquerade comment "internet gateway"`,
    '  }',
    '}',
  ];
  return `${[...head, ...body].join('\n')}\n`;
}

/**
 * The same translation for `iptables-restore --noflush` (or ip6tables-restore: `family` 6): the agent's own chain
 * in the nat table, declared (which empties it) and filled. Without ipsets the sources are the peers' addresses
 * one rule each, per range.
 */
export function renderIptablesRestore(plan: FirewallPlan, family: 4 | 6): string {
  const out = `! -o ${plan.iface}`;
  const rules: string[] = [];
  for (const source of cidrs(plan.peers, family))
    for (const range of cidrs(plan.natRanges, family))
      rules.push(`-A ${IPTABLES_CHAIN} -s ${source} -d ${range} ${out} -j MASQUERADE`);
  for (const source of cidrs(plan.internetSources, family))
    rules.push(`-A ${IPTABLES_CHAIN} -s ${source} ${out} -j MASQUERADE`);
  return `${['*nat', `:${IPTABLES_CHAIN} - [0:0]`, `-F ${IPTABLES_CHAIN}`, ...rules, 'COMMIT'].join('\n')}\n`;
}
