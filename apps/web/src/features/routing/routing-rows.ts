import { compareNodeItems, nodeSearchText, type NodeListItem } from '@meshdeck/contracts';
import { useMemo } from 'react';
import { nodeListSource } from '@/lib/api/node-list.ts';
import { cachedText, useList } from '@/lib/list/use-list.ts';

const byName = compareNodeItems(undefined);
const nodeText = cachedText<NodeListItem>(nodeSearchText);

/**
 * A network's node rows by name, from the shared lean list (one request, patched row by row from the change
 * stream): the routing pages pick their relays, gateways and clients out of it, so they cost what the nodes page
 * costs at 10,000 nodes.
 */
export function useNetworkRows(networkId: string) {
  // Every row or none: a relay missing from the first hundred rows would look like no relay at all.
  const source = useMemo(
    () => ({ ...nodeListSource(networkId), fetchFirst: undefined, readFirst: undefined }),
    [networkId],
  );
  const list = useList(source, undefined, byName);
  const names = useMemo(() => new Map(list.rows.map((item) => [item.id, item.name])), [list.rows]);
  return { ...list, names };
}

/** Rows whose search text (name, addresses, id, endpoint, key) holds `search`, lower-cased. */
export function searchRows<T>(
  rows: readonly T[],
  search: string | undefined,
  text: (row: T) => string,
): readonly T[] {
  const needle = search?.trim().toLowerCase();
  return needle ? rows.filter((row) => text(row).includes(needle)) : rows;
}

/** The cached search text of a node row. */
export const rowText = nodeText;

/** The name of the node `id` names (a member's relay or gateway); the id itself when it is not in the list. */
export const nameOf = (names: ReadonlyMap<string, string>, id: string | undefined) =>
  names.get(id ?? '') ?? id ?? '';

/** A member row's search text: its own, and its holder's name (a relayed node is found by its relay's name). */
export const memberText =
  (names: ReadonlyMap<string, string>, holderOf: (item: NodeListItem) => string | undefined) =>
  (item: NodeListItem) =>
    `${rowText(item)} ${(names.get(holderOf(item) ?? '') ?? '').toLowerCase()}`;
