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
import { cutPage } from '../../lib/list-page.ts';
import { nextTurn } from '../../lib/next-turn.ts';
import type { NodeHealth } from '../nodes/nodes.public.ts';
import { hostSettings, type HostSettings } from './host-fields.ts';
import type { HostListRepository, HostListRow, HostNodeRow } from './host-list.repository.ts';
import { presentApiHost } from './hosts.presenter.ts';
import type { HostsRepository } from './hosts.repository.ts';

/** Hosts per read of the whole list. */
const READ_SLICE = 5000;

/** The console's host rows (Meshdeck list route): each host with its nodes' worst status and latest check-in. */
export class HostListService {
  constructor(
    private readonly rows: HostListRepository,
    private readonly hosts: HostsRepository,
    private readonly health: NodeHealth,
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

  /** One page of the hosts matching the query (read now); total counts every match. */
  async list(query: HostListQuery, now = this.health.now()): Promise<ListPage<HostListItem>> {
    return hostPage(await this.items(query.ids, now), query);
  }

  /**
   * Every host (or some ids) as a lean row, by name; the routes cache the whole list and cut each filtered page from it
   * (`hostPage`). Every host is read a slice at a time (READ_SLICE), the event loop free between slices.
   */
  async items(ids?: readonly string[], now = this.health.now()): Promise<HostListItem[]> {
    const toItems = hostItems((node) => this.health.statusOf(node, now));
    if (ids !== undefined) {
      const [hosts, nodes] = await Promise.all([this.rows.hosts(ids), this.rows.nodes(ids)]);
      return toItems(hosts, groupByHost(nodes));
    }
    const byHost = new Map<string, HostNodeRow[]>();
    for await (const slice of this.rows.slicedNodes(READ_SLICE)) {
      groupByHost(slice, byHost);
      await nextTurn();
    }
    const items: HostListItem[] = [];
    for await (const slice of this.rows.sliced(READ_SLICE)) {
      items.push(...toItems(slice, byHost));
      await nextTurn();
    }
    // In the default order once (what `hosts` reads in SQL), so each page cut from the cached rows sorts in one pass.
    return items.sort(compareHostItems(undefined));
  }
}

/** Adds nodes to a map of each host's nodes: O(nodes), never a scan of the nodes per host. */
function groupByHost(
  nodes: readonly HostNodeRow[],
  byHost = new Map<string, HostNodeRow[]>(),
): Map<string, HostNodeRow[]> {
  for (const node of nodes) {
    const list = byHost.get(node.host_id);
    if (list) list.push(node);
    else byHost.set(node.host_id, [node]);
  }
  return byHost;
}

/** A host's nodes by network (most hosts have one: no copy then). */
const byNetwork = (nodes: HostNodeRow[]) =>
  nodes.length < 2
    ? nodes
    : [...nodes].sort((a, b) => (a.network < b.network ? -1 : a.network > b.network ? 1 : 0));

/** Builds host rows from hosts and their nodes (each distinct settings text parsed once, across calls). */
function hostItems(
  statusOf: (node: HostNodeRow) => string,
): (hosts: HostListRow[], byHost: Map<string, HostNodeRow[]>) => HostListItem[] {
  // Hosts of a fleet mostly carry the same settings text: each distinct one is parsed once per list.
  const settingsByText = new Map<string, HostSettings>();
  return (hosts, byHost) =>
    hosts.map((host): HostListItem => {
      let settings = settingsByText.get(host.settings);
      if (!settings) {
        settings = hostSettings(host);
        settingsByText.set(host.settings, settings);
      }
      const hostNodes = byNetwork(byHost.get(host.id) ?? []);
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
        status: worstNodeStatus(hostNodes.map(statusOf)),
        lastCheckIn,
        nodes: hostNodes.map((node) => ({
          id: node.id,
          network: node.network,
          address: node.address ?? node.address6 ?? '',
        })),
      };
    });
}

/** The page of `items` a query asks for: its filters, its sort, then offset and limit. */
export const hostPage = (items: readonly HostListItem[], query: HostListQuery): ListPage<HostListItem> =>
  cutPage(items, hostMatcher(query), compareHostItems(query.sort), query);
