import { describe, expect, it } from 'vitest';
import { Firewall, type FirewallKind } from './firewall.ts';

describe('Firewall.redetect', () => {
  it('when a tool was installed or removed since the start, switches to it, says so and reports the change once', () => {
    const lines: string[] = [];
    const firewall = new Firewall('mesh0', (line) => lines.push(line));
    const started = firewall.kind;
    const other: FirewallKind = started === 'nftables' ? 'iptables' : 'nftables';
    expect(firewall.redetect(() => started)).toBe(false);
    expect(lines).toEqual([]);
    expect(firewall.redetect(() => other)).toBe(true);
    expect(firewall.kind).toBe(other);
    expect(lines).toEqual([`firewall tool: ${started} -> ${other}`]);
    expect(firewall.redetect(() => other)).toBe(false);
    expect(firewall.redetect(() => 'none')).toBe(true);
    expect(firewall.kind).toBe('none');
  });
});
