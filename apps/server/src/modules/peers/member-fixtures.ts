import type { MemberRow } from './peers.repository.ts';

/** The clock the peer-computation tests run at. */
export const now = Date.parse('2030-01-01T12:00:00Z');

/** A distinct, valid WireGuard public key per host number. */
export const key = (n: number) => Buffer.alloc(32, n).toString('base64');

/** A connected, recently checked-in member of network `a` for host `n` (override anything). */
export const memberRow = (host: number, address: string, overrides: Partial<MemberRow> = {}): MemberRow => ({
  node_id: `node-${host}`,
  host_id: `h${host}`,
  network: 'a',
  address,
  address6: null,
  connected: 1,
  pending_delete: 0,
  last_check_in: new Date(now - 60_000).toISOString(),
  public_key: key(host),
  endpoint_ip: `203.0.113.${host}`,
  endpoint_ip6: '',
  listen_port: 51821,
  public_listen_port: 0,
  is_static_port: 0,
  keepalive_seconds: 20,
  host_name: `host-${host}`,
  settings: '{}',
  network_range: '10.0.0.0/24',
  network_range6: '',
  ...overrides,
});
