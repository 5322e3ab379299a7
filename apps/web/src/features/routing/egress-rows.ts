import type { HostRoutingStatus, NodeListItem } from '@meshdeck/contracts';

/** One range of one egress gateway, with how many hosts route it through that gateway now (their reports). */
export interface RangeRow {
  id: string;
  network: string;
  metric: number;
  nat: boolean;
  gateway: NodeListItem;
  /** Hosts whose last report names this gateway as the range's router. */
  activeFor: number;
  /** Gateways serving the same range (high availability when more than one). */
  routers: number;
}

/** One host's choice for one range, as its agent reported it: the router, through which peer, and why. */
export interface RouterRow {
  id: string;
  host: string;
  range: string;
  router: string;
  via: string;
  reason: string;
  receivedAt: string;
}

/** The external routes table: every gateway's ranges, each with its active-router count. */
export function rangeRows(
  gateways: readonly NodeListItem[],
  reports: readonly HostRoutingStatus[],
): RangeRow[] {
  const active = new Map<string, number>();
  for (const report of reports)
    for (const range of report.report.ranges) {
      const key = `${range.range}|${range.router}`;
      active.set(key, (active.get(key) ?? 0) + 1);
    }
  const servedBy = new Map<string, number>();
  for (const gateway of gateways)
    for (const range of gateway.egressRanges ?? [])
      servedBy.set(range.network, (servedBy.get(range.network) ?? 0) + 1);
  return gateways.flatMap((gateway) =>
    (gateway.egressRanges ?? []).map((range) => ({
      id: `${gateway.id}|${range.network}`,
      network: range.network,
      metric: range.metric,
      nat: range.nat,
      gateway,
      activeFor: active.get(`${range.network}|${gateway.name}`) ?? 0,
      routers: servedBy.get(range.network) ?? 1,
    })),
  );
}

/** The active-router table: each reporting host's router per range, by host then range. */
export function routerRows(reports: readonly HostRoutingStatus[]): RouterRow[] {
  return reports
    .flatMap((report) =>
      report.report.ranges.map((range) => ({
        id: `${report.host_id}|${range.range}`,
        host: report.host_name,
        range: range.range,
        router: range.router,
        via: range.via,
        reason: range.reason,
        receivedAt: report.received_at,
      })),
    )
    .sort((a, b) => a.host.localeCompare(b.host) || a.range.localeCompare(b.range));
}
