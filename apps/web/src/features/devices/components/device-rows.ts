import type { HostView } from '@/lib/api/host-view.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { statusDisplay, worstStatus, type StatusLabel } from '@/lib/node-health.ts';

/** One devices-table row: the host plus what its nodes say about it. */
export interface DeviceRow {
  host: HostView;
  nodes: NodeView[];
  status: string;
  statusLabel: StatusLabel;
  /** The most recent check-in of any of its nodes. */
  lastCheckIn: Date | undefined;
  networks: string[];
}

/** Groups nodes by host once (a Map), so the rows cost O(hosts + nodes), never O(hosts x nodes). */
export function groupNodesByHost(nodes: readonly NodeView[]): Map<string, NodeView[]> {
  const byHost = new Map<string, NodeView[]>();
  for (const node of nodes) {
    const list = byHost.get(node.hostId);
    if (list) list.push(node);
    else byHost.set(node.hostId, [node]);
  }
  return byHost;
}

/** A device's status is the worst of its nodes' (features §3.6); its last check-in is the latest. */
export function buildDeviceRows(hosts: readonly HostView[], nodes: readonly NodeView[]): DeviceRow[] {
  const byHost = groupNodesByHost(nodes);
  return hosts.map((host) => {
    const hostNodes = byHost.get(host.id) ?? [];
    const status = worstStatus(hostNodes.map((node) => node.status));
    let lastCheckIn: Date | undefined;
    for (const node of hostNodes)
      if (node.lastCheckIn && (!lastCheckIn || node.lastCheckIn > lastCheckIn))
        lastCheckIn = node.lastCheckIn;
    return {
      host,
      nodes: hostNodes,
      status,
      statusLabel: statusDisplay(status).label,
      lastCheckIn,
      networks: hostNodes.map((node) => node.network),
    };
  });
}

export const DEVICE_STATUS_FILTERS = ['healthy', 'unstable', 'error', 'offline', 'unknown'] as const;

/** Keeps the rows whose status label matches the URL's `status` filter (all when it is unset or unknown). */
export function filterDeviceRows(
  rows: readonly DeviceRow[],
  status: string | undefined,
): readonly DeviceRow[] {
  if (!status || !(DEVICE_STATUS_FILTERS as readonly string[]).includes(status)) return rows;
  return rows.filter((row) => row.statusLabel === status);
}
