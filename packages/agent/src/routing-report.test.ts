import { routingStatusReportSchema } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { RoutingStatus } from './mesh-routing.ts';
import { RoutingReporter, configurationSummary, reportOf } from './routing-report.ts';
import { ServerError } from './server-api.ts';

const status = (router: string, at = '2026-01-01T00:00:00.000Z', rtt = '1.2'): RoutingStatus => ({
  at,
  firewall: { tool: 'nftables' },
  ranges: [{ range: '10.9.0.0/24', router, via: 'e', routers: 2, reason: 'lower metric (10 < 20)' }],
  shadowed: [],
  internet: { gateway: '10.0.0.9', state: `answering (${rtt} ms)`, failMode: 'closed' },
  roles: [],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A server double that records the reports it takes and can be made to refuse them. */
function reporter() {
  const sent: string[] = [];
  const errors: unknown[] = [];
  let isDown = false;
  const r = new RoutingReporter(
    (s) => {
      if (isDown) return Promise.reject(new Error('connect ECONNREFUSED'));
      sent.push(s.ranges[0]?.router ?? '');
      return Promise.resolve();
    },
    (e) => errors.push(e),
  );
  return { r, sent, errors, setDown: (down: boolean) => (isDown = down) };
}

describe('RoutingReporter', () => {
  it('when the picture changes, sends it; a new time stamp or round-trip time alone sends nothing', async () => {
    const { r, sent } = reporter();
    r.changed(status('10.0.0.1'));
    await settle();
    r.changed(status('10.0.0.1', '2026-01-01T00:00:05.000Z', '3.4'));
    await settle();
    r.changed(status('10.0.0.2'));
    await settle();
    expect(sent).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(r.isCurrent).toBe(true);
  });

  it('when the server was away, the report goes again at the next retry', async () => {
    const { r, sent, errors, setDown } = reporter();
    setDown(true);
    r.changed(status('10.0.0.2'));
    await settle();
    expect(errors).toHaveLength(1);
    expect(r.isCurrent).toBe(false);
    setDown(false);
    r.retry();
    await settle();
    expect(sent).toEqual(['10.0.0.2']);
    expect(r.isCurrent).toBe(true);
  });

  it('when the server refuses the report (a 4xx), does not repeat it until the picture changes', async () => {
    const sent: string[] = [];
    let calls = 0;
    const r = new RoutingReporter(
      (s) => {
        calls += 1;
        if (s.ranges[0]?.router === '10.0.0.1') return Promise.reject(new ServerError(400, 'refused'));
        sent.push(s.ranges[0]?.router ?? '');
        return Promise.resolve();
      },
      () => undefined,
    );
    r.changed(status('10.0.0.1'));
    await settle();
    r.retry();
    await settle();
    expect(calls).toBe(1);
    r.changed(status('10.0.0.2'));
    await settle();
    expect(sent).toEqual(['10.0.0.2']);
  });

  it('after resend (the server may have restarted and forgotten it), sends the unchanged picture again', async () => {
    const { r, sent } = reporter();
    r.changed(status('10.0.0.1'));
    await settle();
    r.retry();
    await settle();
    expect(sent).toEqual(['10.0.0.1']);
    r.resend();
    await settle();
    expect(sent).toEqual(['10.0.0.1', '10.0.0.1']);
  });

  it('when a newer picture arrives while one is on its way, sends the newer one after it', async () => {
    const { r, sent } = reporter();
    r.changed(status('10.0.0.1'));
    r.changed(status('10.0.0.2'));
    await settle();
    await settle();
    expect(sent).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('configurationSummary', () => {
  it('names the routes, roles and the ranges left out because they are the own LAN', () => {
    const s: RoutingStatus = {
      ...status('10.0.0.1'),
      roles: ['egress gateway'],
      shadowed: [{ range: '192.168.1.0/24', lan: 'eth0 192.168.1.5/24' }],
    };
    expect(configurationSummary(['10.0.0.1/24'], 2, ['10.9.0.0/24'], s)).toBe(
      'configured 10.0.0.1/24 with 2 peer(s), routes 10.9.0.0/24, egress gateway (forwarding on), not routed (own LAN): 192.168.1.0/24 (eth0 192.168.1.5/24)',
    );
    expect(configurationSummary([], 0, [], undefined)).toBe('configured no addresses with 0 peer(s)');
  });
});

describe('reportOf', () => {
  it('when a text runs past the contract limit (a firewall note naming many ranges), cuts it so the server takes the report', () => {
    const long: RoutingStatus = {
      ...status('10.0.0.1'),
      firewall: {
        tool: 'none',
        missing: `masquerading (${Array.from({ length: 40 }, (_, i) => `10.${i}.0.0/16`).join(', ')}) needs nftables`,
      },
      shadowed: [{ range: '192.168.1.0/24', lan: 'eth0\n192.168.1.5/24' }],
    };
    expect(routingStatusReportSchema.safeParse(long).success).toBe(false);
    const report = reportOf(long);
    expect(routingStatusReportSchema.safeParse(report).success).toBe(true);
    expect(report.firewall.missing).toHaveLength(256);
    expect(report.firewall.missing?.endsWith('…')).toBe(true);
    expect(report.shadowed[0]?.lan).toBe('eth0 192.168.1.5/24');
    expect(reportOf(status('10.0.0.1'))).toEqual(status('10.0.0.1'));
  });
});
