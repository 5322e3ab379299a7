import { describe, expect, it } from 'vitest';
import { renderIptablesRestore, renderNftRuleset, type FirewallPlan } from './firewall-plan.ts';

const plan = (overrides: Partial<FirewallPlan> = {}): FirewallPlan => ({
  iface: 'meshdeck',
  peers: ['10.0.0.2/32', '10.0.0.3/32', 'fd00::2/128'],
  natRanges: ['192.168.40.0/24'],
  internetSources: [],
  ...overrides,
});

describe('renderNftRuleset', () => {
  it('when an egress range has NAT on, masquerades the peers (a named set) to it out of any other interface, in one table replaced as a whole', () => {
    const text = renderNftRuleset(plan());
    expect(text.startsWith('table inet meshdeck\ndelete table inet meshdeck\ntable inet meshdeck {\n')).toBe(
      true,
    );
    expect(text).toContain(
      '  set peers4 {\n    type ipv4_addr\n    flags interval\n    elements = { 10.0.0.2, 10.0.0.3 }\n  }',
    );
    expect(text).toContain('elements = { fd00::2 }');
    expect(text).toContain('elements = { 192.168.40.0/24 }');
    expect(text).toContain(
      'oifname != "meshdeck" ip saddr @peers4 ip daddr @nat_ranges4 counter masquerade comment "egress NAT"',
    );
  });

  it('when there is nothing to translate (NAT off, no internet gateway), only deletes the table', () => {
    expect(renderNftRuleset(plan({ natRanges: [] }))).toBe(
      'table inet meshdeck\ndelete table inet meshdeck\n',
    );
  });

  it('when the host is an internet gateway, masquerades the mesh ranges to everything outside the tunnel', () => {
    const text = renderNftRuleset(plan({ natRanges: [], internetSources: ['10.0.0.0/24', 'fd00::/64'] }));
    expect(text).toContain('elements = { 10.0.0.0/24 }');
    expect(text).toContain('elements = { fd00::/64 }');
    expect(text).toContain('oifname != "meshdeck" ip saddr @internet_sources4 counter masquerade');
  });

  it('when peers repeat or come without a prefix, lists each once, sorted', () => {
    const text = renderNftRuleset(plan({ peers: ['10.0.0.3', '10.0.0.2/32', '10.0.0.3/32'] }));
    expect(text).toContain('elements = { 10.0.0.2, 10.0.0.3 }');
  });
});

describe('renderIptablesRestore', () => {
  it('when nft is missing, declares (empties) the agent chain and adds one MASQUERADE per peer and range', () => {
    expect(renderIptablesRestore(plan(), 4)).toBe(
      [
        '*nat',
        ':MESHDECK-POSTROUTING - [0:0]',
        '-F MESHDECK-POSTROUTING',
        '-A MESHDECK-POSTROUTING -s 10.0.0.2/32 -d 192.168.40.0/24 ! -o meshdeck -j MASQUERADE',
        '-A MESHDECK-POSTROUTING -s 10.0.0.3/32 -d 192.168.40.0/24 ! -o meshdeck -j MASQUERADE',
        'COMMIT',
        '',
      ].join('\n'),
    );
  });

  it('when the family is IPv6, keeps only IPv6 sources and ranges', () => {
    const text = renderIptablesRestore(plan({ internetSources: ['fd00::/64', '10.0.0.0/24'] }), 6);
    expect(text).toContain('-A MESHDECK-POSTROUTING -s fd00::/64 ! -o meshdeck -j MASQUERADE');
    expect(text).not.toContain('10.0.0');
  });
});
