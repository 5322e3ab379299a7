import { toWireSet, type UserGroup } from '@meshdeck/contracts';
import type { GroupRow } from './groups.repository.ts';

/** A stored group in the contract's UserGroup form (role lists become wire sets). */
export function presentGroup(row: GroupRow): UserGroup {
  const map = JSON.parse(row.network_roles) as Record<string, string[]>;
  return {
    id: row.id,
    name: row.name,
    default: row.is_default === 1,
    meta_data: row.meta_data,
    network_roles: Object.fromEntries(Object.entries(map).map(([net, ids]) => [net, toWireSet(ids)])),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
