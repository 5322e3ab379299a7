import {
  toListEgressRange,
  ZERO_UUID,
  compareNodeItems,
  nodeMatcher,
  parseCidr,
  type ListPage,
  type NodeFlag,
  type NodeListItem,
  type NodeListQuery,
} from '@meshdeck/contracts';
import { notFound } from '../../lib/api-error.ts';
import { cutPage } from '../../lib/list-page.ts';
import { nextTurn } from '../../lib/next-turn.ts';
import type { NetworkDirectory } from '../networks/networks.public.ts';
import { nodeSettings, nodeTags } from './node-fields.ts';
import type { NodeListRepository, NodeListRow } from './node-list.repository.ts';
import type { NodeHealth } from './node-status.ts';

/** Rows per read of a whole list: ~25 ms of SQL and ~10 ms of mapping each. */
const READ_SLICE = 5000;

const unix = (iso: string | null): number => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);

/** What a row shows of a node's settings: its flags, and the routing details the relay and gateway pages list. */
interface SettingsView {
  flags: NodeFlag[];
  routing: Pick<NodeListItem, 'relayedBy' | 'internetGatewayId' | 'egressRanges'>;
}

const isSet = (id: string) => id !== '' && id !== ZERO_UUID;

/** The flags and routing details kept in a node's settings, flags in the order the console shows them. */
function settingsView(settings: string): SettingsView {
  const s = nodeSettings({ settings });
  const flags: NodeFlag[] = [];
  const routing: SettingsView['routing'] = {};
  if (s.isrelay) flags.push('relay');
  if (s.isrelayed || isSet(s.relayedby)) flags.push('relayed');
  if (isSet(s.relayedby)) routing.relayedBy = s.relayedby;
  if (s.isegressgateway) {
    flags.push('egress');
    routing.egressRanges = s.egressgatewayranges_with_metric.map(toListEgressRange);
  }
  if (s.isingressgateway) flags.push('ingress');
  if (s.isinternetgateway) flags.push('internetGateway');
  if (isSet(s.internetgw_node_id)) routing.internetGatewayId = s.internetgw_node_id;
  if (s.is_fail_over) flags.push('failover');
  return { flags, routing };
}

/**
 * Reads a row's flags and routing details. Nodes with non-default settings mostly share a few texts (a relay's,
 * a gateway's, its relayed nodes'), so each distinct text is parsed once per list rather than once per row.
 */
function settingsReader(): (row: NodeListRow) => SettingsView {
  const byNodeSettings = new Map<string, SettingsView>();
  return (row) => {
    let view = byNodeSettings.get(row.settings);
    if (!view) {
      view = settingsView(row.settings);
      byNodeSettings.set(row.settings, view);
    }
    const flags = [
      ...view.flags,
      ...(Number(row.is_behind_nat) === 1 ? (['behindNat'] as const) : []),
      ...(row.pending_delete === 1 ? (['removing'] as const) : []),
    ];
    return { flags, routing: view.routing };
  };
}

/** Reads a row's tag ids; most nodes share a few texts (`[]` above all), each parsed once per list. */
function tagsReader(): (row: NodeListRow) => string[] {
  const byText = new Map<string, string[]>();
  return (row) => {
    let tags = byText.get(row.tags);
    if (!tags) {
      tags = nodeTags(row);
      byText.set(row.tags, tags);
    }
    return tags;
  };
}

/** The console's node rows (Meshdeck list route): filtered, sorted and paged with the shared contract rules. */
export class NodeListService {
  constructor(
    private readonly rows: NodeListRepository,
    private readonly networks: NetworkDirectory,
    private readonly health: NodeHealth,
  ) {}

  /** One page of a network's node rows matching the query (read now); total counts every match. */
  async list(netid: string, query: NodeListQuery, now = this.health.now()): Promise<ListPage<NodeListItem>> {
    return nodePage(await this.items(netid, { hostId: query.host, ids: query.ids }, now), query);
  }

  /**
   * A network's node rows in lean form (every row, or one host's, or some ids), by name; the routes cache the
   * whole network's and cut each filtered page from it (`nodePage`). Every row is read a slice at a time
   * (READ_SLICE), the event loop free between slices: at 100,000 rows one read blocked it for ~0.8 s.
   */
  async items(
    netid: string,
    selection: { hostId?: string | undefined; ids?: readonly string[] | undefined } = {},
    now = this.health.now(),
  ): Promise<NodeListItem[]> {
    const network = await this.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    const prefix = parseCidr(network.addressrange)?.prefix;
    const prefix6 = parseCidr(network.addressrange6)?.prefix;
    const settingsOf = settingsReader();
    const tagsOf = tagsReader();
    const toItem = (row: NodeListRow): NodeListItem => {
      const { flags, routing } = settingsOf(row);
      return {
        id: row.id,
        hostId: row.host_id,
        network: row.network,
        name: row.name,
        address: row.address && prefix !== undefined ? `${row.address}/${prefix}` : '',
        address6: row.address6 && prefix6 !== undefined ? `${row.address6}/${prefix6}` : '',
        endpoint: row.endpoint_ip || row.endpoint_ip6,
        publicKey: row.public_key,
        status: this.health.statusOf(row, now),
        lastCheckIn: unix(row.last_check_in),
        isConnected: row.connected === 1,
        flags,
        os: row.os,
        hasFirewall: row.has_firewall === 1,
        ...routing,
        tags: tagsOf(row),
      };
    };
    if (selection.hostId !== undefined || selection.ids !== undefined)
      return (await this.rows.rows({ network: netid, ...selection })).map(toItem);
    const items: NodeListItem[] = [];
    for await (const slice of this.rows.sliced(netid, READ_SLICE)) {
      for (const row of slice) items.push(toItem(row));
      await nextTurn();
    }
    // Slices come in table order: sorted once here in the default order (what `rows` reads in SQL), each page cut
    // from the cached rows in that order sorts an already sorted list, in one pass instead of a full sort each.
    return items.sort(compareNodeItems(undefined));
  }
}

/** The page of `items` a query asks for: its filters, its sort, then offset and limit. */
export const nodePage = (items: readonly NodeListItem[], query: NodeListQuery): ListPage<NodeListItem> =>
  cutPage(items, nodeMatcher(query), compareNodeItems(query.sort), query);
