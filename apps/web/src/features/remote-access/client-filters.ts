import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';
import type { ClientRow } from './api/client-row.ts';
import type { ClientSortKey } from './clients-search.ts';

export interface ClientFilter {
  search?: string;
  network?: string;
  gateway?: string;
  enabled?: 'yes' | 'no';
  owner?: string;
}

/** Each row's lower-cased search text (id, owner, addresses, network), computed once per row object. */
export const clientText = cachedText<ClientRow>((row) =>
  [row.clientId, row.ownerId, row.address, row.address6, row.network, row.publicKey].join(' ').toLowerCase(),
);

/** The row predicate of the filters; undefined when nothing filters. */
export function clientFilter(filter: ClientFilter): RowMatch<ClientRow> | undefined {
  const search = filter.search?.trim().toLowerCase();
  if (!search && !filter.network && !filter.gateway && !filter.enabled && !filter.owner) return undefined;
  const predicate = (row: ClientRow) =>
    (!search || clientText(row).includes(search)) &&
    (!filter.network || row.network === filter.network) &&
    (!filter.gateway || row.gatewayNodeId === filter.gateway) &&
    (!filter.enabled || row.isEnabled === (filter.enabled === 'yes')) &&
    (!filter.owner || row.ownerId === filter.owner);
  return rowMatch(predicate, search, [filter.network, filter.gateway, filter.enabled, filter.owner]);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The comparison of a `key` / `-key` sort parameter; gateway sorts by the gateway's name. */
export function compareClients(sort: string | undefined, gatewayNames: ReadonlyMap<string, string>) {
  const desc = sort?.startsWith('-') ?? false;
  const key = (sort?.replace(/^-/, '') || 'id') as ClientSortKey;
  const value = (row: ClientRow): string => {
    switch (key) {
      case 'network':
        return row.network;
      case 'owner':
        return row.ownerId;
      case 'address':
        return row.address || row.address6;
      case 'gateway':
        return gatewayNames.get(row.gatewayNodeId) ?? (row.gatewayEndpoint || row.gatewayNodeId);
      case 'enabled':
        return row.isEnabled ? '1' : '0';
      default:
        return row.clientId;
    }
  };
  return (a: ClientRow, b: ClientRow) => {
    const order = collator.compare(value(a), value(b)) || collator.compare(a.clientId, b.clientId);
    return desc ? -order : order;
  };
}
