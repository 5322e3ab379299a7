import { ZERO_TIME, ZERO_UUID, encodeEnrollmentToken, type EnrollmentKey } from '@meshdeck/contracts';
import type { EnrollmentKeyRow } from './enrollment-keys.repository.ts';

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/** Networks a stored key joins. */
export const keyNetworks = (row: EnrollmentKeyRow): string[] => parseList(row.networks);
/** Tag ids a stored key stamps on new nodes. */
export const keyGroups = (row: EnrollmentKeyRow): string[] => parseList(row.groups);

/** A stored key in the contract's EnrollmentKey form, with the join token for this server's API address. */
export function presentEnrollmentKey(row: EnrollmentKeyRow, apiHost: string): EnrollmentKey {
  return {
    value: row.value,
    token: encodeEnrollmentToken({ server: apiHost, value: row.value }),
    tags: parseList(row.tags),
    networks: keyNetworks(row),
    expiration: row.expires_at ?? ZERO_TIME,
    uses_remaining: row.uses_remaining,
    unlimited: row.unlimited === 1,
    type: row.type,
    relay: row.relay === '' ? ZERO_UUID : row.relay,
    groups: keyGroups(row),
    default: row.is_default === 1,
    auto_egress: false,
    auto_assign_gw: false,
  };
}
