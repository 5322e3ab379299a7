import type { SnapshotTable } from './activity-targets.ts';

/** The reads naming needs: host names of nodes, and who carries a tag (the activity repository). */
export interface NameSource {
  nodeNames(ids: readonly string[]): Promise<Map<string, string>>;
  tagMembers(tagIds: readonly string[], network: string): Promise<Map<string, string[]>>;
}

type Row = Record<string, unknown>;

/** Node settings fields that hold one node id, and those that hold a list of them (nodes.settings JSON). */
const NODE_ID_FIELDS = ['relayedby', 'internetgw_node_id', 'failed_over_by'];
const NODE_ID_LISTS = ['relaynodes', 'inet_node_client_ids', 'fail_over_peers'];
/** Columns naming a gateway node, by table; the name lands in a `gateway` field beside them. */
const GATEWAY_COLUMNS: Partial<Record<SnapshotTable, string>> = {
  ext_clients: 'gateway_node_id',
  gateway_users: 'node_id',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const settingsOf = (row: Row): Row | undefined => {
  try {
    const value: unknown = JSON.parse(text(row.settings));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : undefined;
  } catch {
    return undefined;
  }
};

/** Every node id a snapshot row refers to: the node itself, the nodes its settings name, a client's gateway. */
function nodeIdsOf(table: SnapshotTable, row: Row): string[] {
  const gatewayColumn = GATEWAY_COLUMNS[table];
  if (gatewayColumn) return [text(row[gatewayColumn])];
  if (table !== 'nodes') return [];
  const settings = settingsOf(row) ?? {};
  return [
    text(row.id),
    ...NODE_ID_FIELDS.map((field) => text(settings[field])),
    ...NODE_ID_LISTS.flatMap((field) => strings(settings[field])),
  ];
}

/**
 * Snapshot rows as a person reads them (issue 39: entries named nodes and gateways by UUID, and a tag's device
 * edit read "No field changed"): a node gains its host's `name` and the nodes its settings name are shown by
 * name; a client or a gateway user gains its gateway's name (`gateway`); a tag gains its `members`, the nodes and
 * clients carrying it, which live on their rows rather than the tag's. An id whose node is gone stays an id.
 */
export async function describeRows(source: NameSource, table: SnapshotTable, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  if (table === 'tags') {
    const members = new Map<string, Map<string, string[]>>();
    for (const network of new Set(rows.map((row) => text(row.network)))) {
      const ids = rows.filter((row) => text(row.network) === network).map((row) => text(row.id));
      members.set(network, await source.tagMembers(ids, network));
    }
    return rows.map((row) => ({
      ...row,
      members: members.get(text(row.network))?.get(text(row.id)) ?? [],
    }));
  }
  const ids = [...new Set(rows.flatMap((row) => nodeIdsOf(table, row)))].filter((id) => id !== '');
  if (ids.length === 0) return rows;
  const names = await source.nodeNames(ids);
  const named = (id: string) => names.get(id) ?? id;
  const gatewayColumn = GATEWAY_COLUMNS[table];
  if (gatewayColumn) return rows.map((row) => ({ ...row, gateway: named(text(row[gatewayColumn])) }));
  return rows.map((row) => {
    const settings = settingsOf(row);
    if (settings)
      for (const field of NODE_ID_FIELDS)
        if (text(settings[field]) !== '') settings[field] = named(text(settings[field]));
    if (settings)
      for (const field of NODE_ID_LISTS)
        if (Array.isArray(settings[field])) settings[field] = strings(settings[field]).map(named);
    return {
      ...row,
      name: names.get(text(row.id)) ?? '',
      ...(settings ? { settings: JSON.stringify(settings) } : {}),
    };
  });
}
