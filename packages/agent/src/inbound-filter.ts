import type { PeerMap } from '@meshdeck/contracts';

/**
 * The receiving node's packet filter (issue 32, decision 033): peers whose `allowed_inbound` narrows what they may
 * open toward this host. Peers are grouped by identical rule lists, each group's addresses in one named set, so
 * thousands of peers under one policy are one set and a handful of rules. Stateful: replies and established
 * connections are accepted before any rule, so a policy update never cuts a connection it still allows.
 */
export interface InboundGroup {
  /** The canonical rules (`tcp`, `udp/8000-9000`, `icmp`, `tcp/443`); empty means nothing may be opened. */
  rules: string[];
  /** Mesh addresses of the peers under these rules (IPv4 and IPv6 mixed). */
  addresses: string[];
}

/** The peers with narrowed access, grouped by rule list (sorted, so the ruleset text is stable). */
export function inboundGroups(peerIds: ReadonlyMap<string, PeerMap[string]>): InboundGroup[] {
  const groups = new Map<string, InboundGroup>();
  for (const identity of peerIds.values()) {
    const rules = identity.allowed_inbound;
    if (!rules || rules.includes('all')) continue;
    const sorted = [...new Set(rules)].sort();
    const key = sorted.join(',');
    const group = groups.get(key) ?? groups.set(key, { rules: sorted, addresses: [] }).get(key)!;
    for (const address of [identity.address4, identity.address6])
      if (address) group.addresses.push(address.replace(/\/\d+$/, ''));
  }
  return [...groups.values()]
    .map((g) => ({ rules: g.rules, addresses: [...new Set(g.addresses)].sort() }))
    .filter((g) => g.addresses.length > 0)
    .sort((a, b) => a.rules.join(',').localeCompare(b.rules.join(',')));
}

interface ParsedRule {
  protocol: 'tcp' | 'udp' | 'icmp';
  ports: string | undefined;
}

/** A canonical rule, or undefined for one this agent does not know (skipped: the filter stays closed for it). */
export function parseRule(rule: string): ParsedRule | undefined {
  const match = /^(tcp|udp|icmp)(?:\/(\d{1,5})(?:-(\d{1,5}))?)?$/.exec(rule);
  if (!match) return undefined;
  const [, protocol, from, to] = match as unknown as [string, ParsedRule['protocol'], string?, string?];
  if (protocol === 'icmp' && from !== undefined) return undefined;
  if (
    from !== undefined &&
    (Number(from) > 65535 || Number(to ?? from) > 65535 || Number(to ?? from) < Number(from))
  )
    return undefined;
  return { protocol, ports: from === undefined ? undefined : to === undefined ? from : `${from}-${to}` };
}

const family = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);

/** What a parsed rule matches in nft, per family (icmp is ipv6-icmp over IPv6). */
function nftMatch(rule: ParsedRule, fam: 4 | 6): string {
  if (rule.protocol === 'icmp') return `meta l4proto ${fam === 4 ? 'icmp' : 'ipv6-icmp'}`;
  return rule.ports === undefined ? `meta l4proto ${rule.protocol}` : `${rule.protocol} dport ${rule.ports}`;
}

/**
 * The filter's part of the agent's nftables table: one set per group and family, and an input chain that accepts
 * established and related traffic first, then what each group may open, then drops the rest of each group's new
 * traffic arriving through the mesh interface. Traffic of every other peer, and every other interface, passes.
 */
export function renderInboundNft(iface: string, groups: readonly InboundGroup[]): string[] {
  if (groups.length === 0) return [];
  const sets: string[] = [];
  const rules: string[] = [];
  groups.forEach((group, index) => {
    for (const fam of [4, 6] as const) {
      const members = group.addresses.filter((a) => family(a) === fam);
      if (members.length === 0) continue;
      const name = `inbound${index}_${fam}`;
      sets.push(
        `  set ${name} {`,
        `    type ${fam === 4 ? 'ipv4_addr' : 'ipv6_addr'}`,
        `    elements = { ${members.join(', ')} }`,
        '  }',
      );
      const saddr = `${fam === 4 ? 'ip' : 'ip6'} saddr @${name}`;
      for (const rule of group.rules.map(parseRule))
        if (rule) rules.push(`    ${saddr} ${nftMatch(rule, fam)} accept`);
      rules.push(
        `    ${saddr} counter drop comment ${JSON.stringify(`allowed: ${group.rules.join(' ') || 'nothing'}`)}`,
      );
    }
  });
  return [
    ...sets,
    '  chain inbound {',
    '    type filter hook input priority filter; policy accept;',
    `    iifname != ${JSON.stringify(iface)} accept`,
    '    ct state established,related accept',
    ...rules,
    '  }',
  ];
}

/** The iptables chain of the filter (jumped to from INPUT for the mesh interface). */
export const IPTABLES_INBOUND_CHAIN = 'MESHDECK-INBOUND';

/**
 * The same filter for `iptables-restore --noflush` / `ip6tables-restore` (`fam`): the agent's own chain in the
 * filter table, declared afresh; one rule per address and allowed rule (no sets without ipset).
 */
export function renderInboundIptables(groups: readonly InboundGroup[], fam: 4 | 6): string {
  const chain = IPTABLES_INBOUND_CHAIN;
  const lines = [
    '*filter',
    `:${chain} - [0:0]`,
    `-F ${chain}`,
    `-A ${chain} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`,
  ];
  for (const group of groups)
    for (const address of group.addresses.filter((a) => family(a) === fam)) {
      for (const rule of group.rules.map(parseRule)) {
        if (!rule) continue;
        const proto = rule.protocol === 'icmp' && fam === 6 ? 'ipv6-icmp' : rule.protocol;
        const ports = rule.ports === undefined ? '' : ` --dport ${rule.ports.replace('-', ':')}`;
        lines.push(`-A ${chain} -s ${address} -p ${proto}${ports} -j ACCEPT`);
      }
      lines.push(`-A ${chain} -s ${address} -j DROP`);
    }
  return `${[...lines, 'COMMIT'].join('\n')}\n`;
}
