import { describe, expect, it } from 'vitest';
import { Firewall, type FirewallKind } from './firewall.ts';

describe('Firewall.redetect', () => {
  it('when a tool was installed or removed since the start, switches to it, says so and reports the change once', async () => {
    const lines: string[] = [];
    const firewall = new Firewall('mesh0', (line) => lines.push(line));
    const started = firewall.kind;
    const other: FirewallKind = started === 'nftables' ? 'iptables' : 'nftables';
    expect(await firewall.redetect(() => Promise.resolve(started))).toBe(false);
    expect(lines).toEqual([]);
    expect(await firewall.redetect(() => Promise.resolve(other))).toBe(true);
    expect(firewall.kind).toBe(other);
    expect(lines).toEqual([`firewall tool: ${started} -> ${other}`]);
    expect(await firewall.redetect(() => Promise.resolve(other))).toBe(false);
    expect(await firewall.redetect(() => Promise.resolve('none'))).toBe(true);
    expect(firewall.kind).toBe('none');
  });
});
