import type { HostRoutingStatus, RoutingStatusReport } from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { RoutingRepository } from './routing.repository.ts';

/** A report's size cap: a real one is well under 1 KiB; the cap bounds memory at ~8 KiB per host. */
export const MAX_REPORT_BYTES = 8 * 1024;

/**
 * The last routing picture each agent reported (active router per range and why, own-LAN ranges left out,
 * internet gateway state): kept in memory, since it is only as good as the agent's next report, and read by the
 * console per network. A host's report goes with the host.
 */
export class RoutingStatusStore {
  readonly #byHost = new Map<string, { report: HostRoutingStatus['report']; receivedAt: string }>();

  constructor(private readonly repository: RoutingRepository) {}

  /** Keeps a host's report; 404 for a host the server does not know, 400 for an oversized report. */
  async put(hostId: string, report: RoutingStatusReport): Promise<void> {
    const text = JSON.stringify(report);
    if (text.length > MAX_REPORT_BYTES)
      throw badRequest(`routing status must be at most ${MAX_REPORT_BYTES} bytes of JSON`);
    if (!(await this.repository.hostExists(hostId))) throw notFound(`host ${hostId} not found`);
    const { at, firewall, ranges, shadowed, internet, roles } = report;
    this.#byHost.set(hostId, {
      report: {
        at,
        firewall: { tool: firewall.tool, missing: firewall.missing ?? null },
        ranges: ranges.map(({ range, router, via, routers, reason }) => ({
          range,
          router,
          via,
          routers,
          reason,
        })),
        shadowed: shadowed.map(({ range, lan }) => ({ range, lan })),
        internet: internet
          ? { gateway: internet.gateway, state: internet.state, failMode: internet.failMode }
          : null,
        roles: [...roles],
      },
      receivedAt: new Date().toISOString(),
    });
  }

  forget(hostId: string): void {
    this.#byHost.delete(hostId);
  }

  /** The reports of the hosts with a node in `netid`, by host name. */
  async ofNetwork(netid: string): Promise<HostRoutingStatus[]> {
    const rows = await this.repository.read(netid);
    const items: HostRoutingStatus[] = [];
    for (const node of rows.nodes) {
      const kept = this.#byHost.get(node.host_id);
      if (!kept) continue;
      items.push({
        host_id: node.host_id,
        host_name: rows.hosts.get(node.host_id)?.name ?? '',
        node_id: node.id,
        received_at: kept.receivedAt,
        report: kept.report,
      });
    }
    return items.sort((a, b) => a.host_name.localeCompare(b.host_name));
  }
}
