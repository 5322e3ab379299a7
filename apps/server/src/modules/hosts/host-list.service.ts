import {
  compareHostItems,
  hostMatcher,
  worstNodeStatus,
  type ApiHost,
  type HostListItem,
  type HostListQuery,
  type ListPage,
} from '@meshdeck/contracts';
import { notFound } from '../../lib/api-error.ts';
import { nodeStatus } from '../nodes/node-status.ts';
import { hostSettings, type HostSettings } from './host-fields.ts';
import type { HostListRepository, HostNodeRow } from './host-list.repository.ts';
import { presentApiHost } from './hosts.presenter.ts';
import type { HostsRepository } from './hosts.repository.ts';

/** The console's host rows (Meshdeck list route): each host with its nodes' worst status and latest check-in. */
export class HostListService {
  constructor(
    private readonly rows: HostListRepository,
    private readonly hosts: HostsRepository,
  ) {}

  /** One host in full (ApiHost), for the dialogs a list row opens; the v0.30 surface has no single-host GET. */
  async find(hostId: string): Promise<ApiHost> {
    const [host, nodes] = await Promise.all([this.hosts.findById(hostId), this.rows.nodes([hostId])]);
    if (!host) throw notFound(`host ${hostId} not found`);
    return presentApiHost(
      host,
      nodes.map((node) => node.id),
    );
  }

  /** One page of the hosts matching the query; total counts every match. */
  async list(query: HostListQuery, now = new Date()): Promise<ListPage<HostListItem>> {
    const [hosts, nodes] = await Promise.all([this.rows.hosts(query.ids), this.rows.nodes(query.ids)]);
    // Group once by host id: O(hosts + nodes), never a scan of the nodes per host.
    const byHost = new Map<string, HostNodeRow[]>();
    for (const node of nodes) {
      const list = byHost.get(node.host_id);
      if (list) list.push(node);
      else byHost.set(node.host_id, [node]);
    }
    // Hosts of a fleet mostly carry the same settings text: each distinct one is parsed once per list.
    const settingsByText = new Map<string, HostSettings>();
    const items = hosts.map((host): HostListItem => {
      let settings = settingsByText.get(host.settings);
      if (!settings) {
        settings = hostSettings(host);
        settingsByText.set(host.settings, settings);
      }
      const hostNodes = byHost.get(host.id) ?? [];
      let lastCheckIn = 0;
      for (const node of hostNodes)
        lastCheckIn = Math.max(lastCheckIn, Math.floor(Date.parse(node.last_check_in) / 1000) || 0);
      return {
        id: host.id,
        name: host.name,
        endpoint: host.endpoint_ip,
        endpoint6: host.endpoint_ip6,
        publicKey: host.public_key,
        listenPort: host.listen_port,
        version: host.version,
        isDefault: settings.isdefault,
        isBehindNat: settings.nat_type !== '' && settings.nat_type !== 'public',
        status: worstNodeStatus(hostNodes.map((node) => nodeStatus(node, now))),
        lastCheckIn,
        nodes: hostNodes.map((node) => ({
          id: node.id,
          network: node.network,
          address: node.address ?? node.address6 ?? '',
        })),
      };
    });
    const matching = items.filter(hostMatcher(query)).sort(compareHostItems(query.sort));
    const offset = query.offset ?? 0;
    return {
      total: matching.length,
      offset,
      items: matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit),
    };
  }
}
