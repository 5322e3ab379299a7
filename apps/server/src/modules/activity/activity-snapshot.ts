import { hiddenKeyValue } from '../../auth/secrets.ts';
import { redactValue } from '../../lib/redact.ts';
import type { SnapshotTable } from './activity-targets.ts';

/** Columns that hold a secret in any table: blanked in every stored before/after. */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'password',
  'private_key',
  'privatekey',
  'token',
  'auth_token',
  'invite_code',
  'invite_url',
  'secret',
  'token_hash',
]);
/** Bookkeeping columns that change on every write and would only add noise to a diff. */
const NOISE_COLUMNS = new Set(['token_generation', 'super_admin_lock', 'last_check_in', 'last_peer_update']);

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * A stored row as the log keeps it: secrets blanked (password hashes, private keys, tokens, invite codes; an
 * enrollment key's value becomes its hidden form, as auditors see it), JSON columns parsed so the diff shows
 * their fields, then the log redaction (auth/secrets.ts and lib/redact.ts rules) over everything nested.
 */
export function sanitizeRow(table: SnapshotTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (NOISE_COLUMNS.has(column)) continue;
    if (SECRET_COLUMNS.has(column)) {
      out[column] = '';
      continue;
    }
    if (table === 'enrollment_keys' && column === 'value' && typeof value === 'string') {
      out[column] = hiddenKeyValue(value);
      continue;
    }
    const isJson = typeof value === 'string' && /^\s*[[{]/.test(value);
    out[column] = isJson ? parseJson(value) : value;
  }
  return redactValue(out) as Record<string, unknown>;
}

/** A snapshot of several rows (the old ACL matrix) keyed so a diff pairs the same row before and after. */
export function sanitizeRows(table: SnapshotTable, rows: Record<string, unknown>[]): unknown {
  if (table !== 'acl_matrix') return rows[0] === undefined ? null : sanitizeRow(table, rows[0]);
  return Object.fromEntries(rows.map((r) => [`${String(r.a)}|${String(r.b)}`, r.value]));
}

/** The id an entry shows for a target: an enrollment key's hidden value, never the key. */
export const shownId = (table: SnapshotTable, id: string): string =>
  table === 'enrollment_keys' && id !== '' ? hiddenKeyValue(id) : id;
