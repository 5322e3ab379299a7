import {
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
import type { NetworkDirectory } from './network-directory.ts';
import { nodeSettings } from './node-fields.ts';
import type { NodeListRepository, NodeListRow } from './node-list.repository.ts';
import { nodeStatus } from './node-status.ts';

/** Rows per read of a whole list: ~25 ms of SQL and ~10 ms of mapping each. */
const READ_SLICE = 5000;

const unix = (iso: string | null): number => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);

/** The flags kept in a node's settings, in the order the console shows them. */
function settingsFlags(settings: string): NodeFlag[] {
  const s = nodeSettings({ settings });
  const flags: NodeFlag[] = [];
  if (s.isrelay) flags.push('relay');
  if (s.isrelayed || (s.relayedby !== '' && s.relayedby !== ZERO_UUID)) flags.push('relayed');
  if (s.isegressgateway) flags.push('egress');
  if (s.isingressgateway) flags.push('ingress');
  if (s.isinternetgateway) flags.push('internetGateway');
  if (s.is_fail_over) flags.push('failover');
  return flags;
}

/**
 * Reads a row's flags. Nodes with non-default settings mostly share a few texts (a relay's, a gateway's), so each
 * distinct text is parsed once per list rather than once per row.
 */
function flagReader(): (row: NodeListRow) => NodeFlag[] {
  const byNodeSettings = new Map<string, NodeFlag[]>();
  return (row) => {
    let flags = byNodeSettings.get(row.settings);
    if (!flags) {
      flags = settingsFlags(row.settings);
      byNodeSettings.set(row.settings, flags);
    }
    return [
      ...flags,
      ...(Number(row.is_behind_nat) === 1 ? (['behindNat'] as const) : []),
      ...(row.pending_delete === 1 ? (['removing'] as const) : []),
    ];
  };
}

/** The console's node rows (Meshdeck list route): filtered, sorted and paged with the shared contract rules. */
export class NodeListService {
  constructor(
    private readonly rows: NodeListRepository,
    private readonly networks: NetworkDirectory,
  ) {}

  /** One page of a network's node rows matching the query (read now); total counts every match. */
  async list(netid: string, query: NodeListQuery, now = new Date()): Promise<ListPage<NodeListItem>> {
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
    now = new Date(),
  ): Promise<NodeListItem[]> {
    const network = await this.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    const prefix = parseCidr(network.addressrange)?.prefix;
    const prefix6 = parseCidr(network.addressrange6)?.prefix;
    const flagsOf = flagReader();
    const toItem = (row: NodeListRow): NodeListItem => ({
      id: row.id,
      hostId: row.host_id,
      network: row.network,
      name: row.name,
      address: row.address && prefix !== undefined ? `${row.address}/${prefix}` : '',
      address6: row.address6 && prefix6 !== undefined ? `${row.address6}/${prefix6}` : '',
      endpoint: row.endpoint_ip || row.endpoint_ip6,
      publicKey: row.public_key,
      status: nodeStatus(row, now),
      lastCheckIn: unix(row.last_check_in),
      isConnected: row.connected === 1,
      flags: flagsOf(row),
    });
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
