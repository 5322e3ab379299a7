import type { ActivityEvent } from '@meshdeck/contracts';
import type { ActivityRow } from './activity.repository.ts';

const parsed = (value: string | null): unknown => (value === null ? null : (JSON.parse(value) as unknown));

/** A stored entry as the contract's `Event` (§3.21), with Meshdeck's `client_address`. */
export function presentActivity(row: ActivityRow): ActivityEvent {
  return {
    id: row.id,
    action: row.action,
    source: {
      id: row.actor_id,
      name: row.actor_name,
      subject_type: row.actor_kind === 'host' ? 'DEVICE' : row.actor_kind === 'server' ? 'SERVER' : 'USER',
      info: null,
    },
    origin: row.origin,
    target: { id: row.target_id, name: row.target_name, subject_type: row.subject_type, info: null },
    network_id: row.network_id,
    triggered_by: row.actor_kind === 'user' ? row.actor_id : row.actor_name,
    diff: { Old: parsed(row.diff_old), New: parsed(row.diff_new) },
    time_stamp: row.time_stamp,
    client_address: row.client_address,
  };
}
