import type { NetworkAccessRows } from './access.repository.ts';
import { nameIndex } from './access.service.ts';

/** Display names of policy sources and destinations (`name` in src_type / dst_type, api-contract §3.7). */
export function refNames(rows: NetworkAccessRows): (type: string, value: string) => string {
  const tags = new Map(rows.tags.map((t) => [t.id, t.tag_name]));
  const members = nameIndex(rows);
  return (type, value) => {
    if (value === '*') return type === 'user' || type === 'user-group' ? 'All Users' : 'All';
    if (type === 'tag') return tags.get(value) ?? (value.endsWith('.gateways') ? 'gateways' : value);
    if (type === 'device') return members(value);
    return value;
  };
}
