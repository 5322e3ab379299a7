import { describe, expect, it } from 'vitest';
import type { PeerMap } from '@meshdeck/contracts';
import { renderNftRuleset } from './firewall-plan.ts';
import { inboundGroups, parseRule, renderInboundIptables, renderInboundNft } from './inbound-filter.ts';

const identity = (address4: string, address6: string, allowed?: string[]): PeerMap[string] => ({
  id: address4,
  host_id: address4,
  address: address4,
  address4,
  address6,
  name: address4,
  isserver: 'no',
  network: 'net1',
  listen_port: 51821,
  is_extclient: false,
  username: '',
  ...(allowed ? { allowed_inbound: allowed } : {}),
});

describe('inbound packet filter', () => {
  it('groups peers by rule list and leaves unrestricted peers out', () => {
    const groups = inboundGroups(
      new Map([
        ['k1', identity('10.0.0.2', 'fd00::2', ['tcp/443'])],
        ['k2', identity('10.0.0.3', '', ['tcp/443'])],
        ['k3', identity('10.0.0.4', '')],
        ['k4', identity('10.0.0.5', '', ['all'])],
        ['k5', identity('10.0.0.6', '', ['udp/8000-9000', 'icmp'])],
      ]),
    );
    expect(groups).toEqual([
      { rules: ['icmp', 'udp/8000-9000'], addresses: ['10.0.0.6'] },
      { rules: ['tcp/443'], addresses: ['10.0.0.2', '10.0.0.3', 'fd00::2'] },
    ]);
  });

  it('parses canonical rules and refuses others', () => {
    expect(parseRule('tcp')).toEqual({ protocol: 'tcp', ports: undefined });
    expect(parseRule('udp/8000-9000')).toEqual({ protocol: 'udp', ports: '8000-9000' });
    expect(parseRule('tcp/443')).toEqual({ protocol: 'tcp', ports: '443' });
    expect(parseRule('icmp')).toEqual({ protocol: 'icmp', ports: undefined });
    for (const bad of ['icmp/1', 'tcp/70000', 'tcp/9-1', 'sctp', 'tcp/443; drop'])
      expect(parseRule(bad)).toBeUndefined();
  });

  it('renders a stateful chain with one named set per group and family', () => {
    const lines = renderInboundNft('mesh0', [
      { rules: ['icmp', 'tcp/443'], addresses: ['10.0.0.2', '10.0.0.3', 'fd00::2'] },
      { rules: [], addresses: ['10.0.0.9'] },
    ]);
    expect(lines.join('\n')).toBe(
      [
        '  set inbound0_4 {',
        '    type ipv4_addr',
        '    elements = { 10.0.0.2, 10.0.0.3 }',
        '  }',
        '  set inbound0_6 {',
        '    type ipv6_addr',
        '    elements = { fd00::2 }',
        '  }',
        '  set inbound1_4 {',
        '    type ipv4_addr',
        '    elements = { 10.0.0.9 }',
        '  }',
        '  chain inbound {',
        '    type filter hook input priority filter; policy accept;',
        '    iifname != "mesh0" accept',
        '    ct state established,related accept',
        '    ip saddr @inbound0_4 meta l4proto icmp accept',
        '    ip saddr @inbound0_4 tcp dport 443 accept',
        '    ip saddr @inbound0_4 counter drop comment "allowed: icmp tcp/443"',
        '    ip6 saddr @inbound0_6 meta l4proto ipv6-icmp accept',
        '    ip6 saddr @inbound0_6 tcp dport 443 accept',
        '    ip6 saddr @inbound0_6 counter drop comment "allowed: icmp tcp/443"',
        '    ip saddr @inbound1_4 counter drop comment "allowed: nothing"',
        '  }',
      ].join('\n'),
    );
  });

  it('lives in the agent table beside the masquerade chain, alone when there is nothing to translate', () => {
    const plan = { iface: 'mesh0', peers: [], natRanges: [], internetSources: [] };
    const inbound = [{ rules: ['tcp'], addresses: ['10.0.0.2'] }];
    const alone = renderNftRuleset({ ...plan, inbound });
    expect(alone.split('\n').slice(0, 3)).toEqual([
      'table inet meshdeck',
      'delete table inet meshdeck',
      'table inet meshdeck {',
    ]);
    expect(alone).toContain('ip saddr @inbound0_4 meta l4proto tcp accept');
    expect(alone).not.toContain('postrouting');
    const both = renderNftRuleset({ ...plan, peers: ['10.0.0.2'], natRanges: ['192.168.5.0/24'], inbound });
    expect(both).toContain('chain postrouting');
    expect(both).toContain('chain inbound');
    expect(renderNftRuleset(plan)).toBe('table inet meshdeck\ndelete table inet meshdeck\n');
  });

  it('renders the iptables fallback per family', () => {
    const groups = [{ rules: ['icmp', 'udp/8000-9000'], addresses: ['10.0.0.2', 'fd00::2'] }];
    expect(renderInboundIptables(groups, 4)).toBe(
      [
        '*filter',
        ':MESHDECK-INBOUND - [0:0]',
        '-F MESHDECK-INBOUND',
        '-A MESHDECK-INBOUND -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
        '-A MESHDECK-INBOUND -s 10.0.0.2 -p icmp -j ACCEPT',
        '-A MESHDECK-INBOUND -s 10.0.0.2 -p udp --dport 8000:9000 -j ACCEPT',
        '-A MESHDECK-INBOUND -s 10.0.0.2 -j DROP',
        'COMMIT',
        '',
      ].join('\n'),
    );
    expect(renderInboundIptables(groups, 6)).toContain('-s fd00::2 -p ipv6-icmp -j ACCEPT');
  });
});
