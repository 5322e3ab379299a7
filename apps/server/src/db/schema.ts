import type { ColumnType, Generated } from 'kysely';
import type {
  AlertEventsTable,
  AlertRulesTable,
  MetricKeysTable,
  MetricRollupMarksTable,
  MetricSeriesTable,
  NodeMetricsTable,
} from './schema-observed.ts';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: booleans are integers (0/1), timestamps are
 * ISO-8601 text, and structured values are JSON text.
 */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

/** The number of the latest cross-replica change hint (one row, id 1; decision 062). */
export interface ChangeVersionTable {
  id: number;
  /** bigint: PostgreSQL hands it back as a string. */
  version: string | number;
}

/** A shared rate-limit window per key (decision 062): hits so far and when the window ends (epoch ms). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  resets_at: string | number;
}

export interface UsersTable {
  username: string;
  password_hash: string;
  platform_role_id: string;
  /** 1 for the one super-admin, NULL otherwise; a unique index makes "only one super-admin" a database fact. */
  super_admin_lock: number | null;
  auth_type: string;
  display_name: string;
  /** JSON array of group ids. */
  user_group_ids: string;
  /** JSON object {netid|all_networks: roleId[]}. */
  network_roles: string;
  account_disabled: number;
  last_login_time: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped when the user's role or groups change; session tokens of an older generation are refused. */
  token_generation: ColumnType<number, number | undefined, number>;
  /** The SSO subject of an OAuth user ('' for basic-auth users). */
  external_id: ColumnType<string, string | undefined, string>;
}

/** A user group (api-contract §3.11); `network_roles` is JSON {netid|all_networks: roleId[]}. */
export interface UserGroupsTable {
  id: string;
  name: string;
  is_default: number;
  meta_data: string;
  network_roles: string;
  created_at: string;
  updated_at: string;
}

/** An API access token's row; the token itself is a JWT whose jti is `id` (api-contract §7.1). */
export interface AccessTokensTable {
  id: string;
  name: string;
  user_name: string;
  expires_at: string;
  last_used: string | null;
  created_by: string;
  created_at: string;
}

/** An invite (api-contract §3.11); group ids and network roles are JSON. */
export interface InvitesTable {
  email: string;
  invite_code: string;
  platform_role_id: string;
  user_group_ids: string;
  network_roles: string;
  created_at: string;
}

/** An SSO sign-in waiting for an admin's approval. */
export interface PendingUsersTable {
  username: string;
  external_id: string;
  created_at: string;
}

export interface RolesTable {
  id: string;
  name: string;
  is_default: number;
  meta_data: string;
  deny_dashboard_access: number;
  full_access: number;
  network_id: string;
  /** JSON access maps (api-contract §3.11). */
  network_level_access: string;
  global_level_access: string;
}

/** An enrollment key (api-contract §3.6); `tags`, `networks`, `groups` are JSON arrays. */
export interface EnrollmentKeysTable {
  value: string;
  /** The first tag: the key's display name, unique across keys. */
  name: string;
  tags: string;
  networks: string;
  /** ISO time when the key stops working; NULL when it is not time-based. */
  expires_at: string | null;
  uses_remaining: number;
  unlimited: number;
  type: number;
  relay: string;
  groups: string;
  is_default: number;
  created_at: string;
}

/** A host (one machine, one WireGuard key); rarely-read agent fields live in the JSON `settings` / `os_details`. */
export interface HostsTable {
  id: string;
  name: string;
  password_hash: string;
  /** Base64 WireGuard public key. */
  public_key: string;
  traffic_key: string | null;
  version: string;
  os: string;
  os_details: string;
  settings: string;
  interfaces: string;
  listen_port: number;
  public_listen_port: number;
  mtu: number;
  endpoint_ip: string;
  endpoint_ip6: string;
  is_static_port: number;
  keepalive_seconds: number;
  mac_address: string;
  created_at: string;
  updated_at: string;
}

/** A node: one host's membership of one network; gateway and relay fields live in the JSON `settings`. */
export interface NodesTable {
  id: string;
  host_id: string;
  network: string;
  /** Bare IPv4 address (no prefix); NULL when the network has no IPv4 range. */
  address: string | null;
  address6: string | null;
  connected: number;
  pending_delete: number;
  action: string;
  settings: string;
  tags: string;
  last_check_in: string;
  last_peer_update: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface NetworksTable {
  netid: string;
  /** Normalised CIDRs; '' when the family is off. */
  address_range: string;
  address_range6: string;
  default_keepalive: number;
  default_mtu: number;
  default_listen_port: number;
  default_acl: number;
  default_udp_hole_punch: number;
  allow_manual_signup: number;
  default_dns: string;
  default_ext_client_dns: string;
  /** JSON ProSettings, or NULL. */
  pro_settings: string | null;
  /** 'closed' or 'open': internet-gateway clients whose gateway stops answering (migration 010). */
  internet_fail_mode: ColumnType<string, string | undefined, string>;
  /** The old matrix's fill: 0 none, 1 deny, 2 allow every pair without a cell (migration 011, decision 040). */
  acl_matrix_fill: ColumnType<number, number | undefined, number>;
  /** When the fill was set (ISO; migration 012): it reaches the members created until then. */
  acl_matrix_fill_at: ColumnType<string, string | undefined, string>;
  /** Unix seconds in bigint columns: PostgreSQL returns them as strings, so read them through Number(). */
  nodes_last_modified: ColumnType<number | string, number, number>;
  network_last_modified: ColumnType<number | string, number, number>;
  created_at: string;
  updated_at: string;
}

/** Named rows that write transactions lock to serialise check-then-write sequences (db/locks.ts). */
export interface WriteLocksTable {
  name: string;
  touched: number;
}

/** An external client (api-contract §3.4); JSON arrays in `extra_allowed_ips`, `tags`, `denied_node_acls`. */
export interface ExtClientsTable {
  client_id: string;
  network: string;
  gateway_node_id: string;
  /** Bare addresses; NULL when the network has no range of that family. */
  address: string | null;
  address6: string | null;
  /** Base64, or the contract's placeholder when the client brought its own key pair. */
  private_key: string;
  public_key: string;
  dns: string;
  extra_allowed_ips: string;
  enabled: number;
  owner_id: string;
  post_up: string;
  post_down: string;
  tags: string;
  denied_node_acls: string;
  remote_access_client_id: string;
  /** JSON {os, device_name, public_endpoint, country}: reported by remote-access clients, shown as sent. */
  details: string;
  created_at: string;
  updated_at: string;
}

/** A user attached to a remote-access gateway (api-contract §2.13, legacy user-gateway routes). */
export interface GatewayUsersTable {
  node_id: string;
  username: string;
}

/** A tag record (api-contract §3.8); membership lives in the `tags` of nodes and clients. */
export interface TagsTable {
  id: string;
  network: string;
  tag_name: string;
  color_code: string;
  created_by: string;
  created_at: string;
}

/** A v1 ACL policy (api-contract §3.7); `src_type`, `dst_type`, `ports` are JSON. */
export interface AclPoliciesTable {
  id: string;
  network: string;
  name: string;
  meta_data: string;
  policy_type: string;
  src_type: string;
  dst_type: string;
  protocol: string;
  service_type: string;
  ports: string;
  direction: number;
  enabled: number;
  is_default: number;
  created_by: string;
  created_at: string;
}

/** A cell of the old matrix that differs from the network default; `a` < `b` (one row per pair). */
export interface AclMatrixTable {
  network: string;
  a: string;
  b: string;
  value: number;
}

/** A "must reach" / "must not reach" check of a network; `src` and `dst` are JSON policy refs. */
export interface AccessAssertionsTable {
  id: string;
  network: string;
  name: string;
  src: string;
  dst: string;
  expect: string;
  protocol: string;
  port: number;
  created_at: string;
}

/** A custom DNS entry of a network (api-contract §3.10). */
export interface DnsEntriesTable {
  network: string;
  name: string;
  address: string;
  address6: string;
}

/** One recorded write (decision 035); `diff_old` / `diff_new` are the sanitised rows as JSON, NULL when absent. */
export interface ActivityLogTable {
  id: string;
  time_stamp: string;
  action: string;
  subject_type: string;
  target_id: string;
  target_name: string;
  network_id: string;
  actor_kind: string;
  actor_id: string;
  actor_name: string;
  origin: string;
  client_address: string;
  route: string;
  diff_old: string | null;
  diff_new: string | null;
}

/** The one branding row (`id` 1), issue 33. */
export interface BrandingTable {
  id: number;
  product_name: string;
  primary_color_light: string;
  primary_color_dark: string;
  updated_at: string;
}

/** A branding image: `kind` is logo-light, logo-dark or favicon; `data` is the file as base64. */
export interface BrandingImagesTable {
  kind: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  data: string;
}

export interface Database {
  server_settings: ServerSettingsTable;
  change_version: ChangeVersionTable;
  rate_limit_counters: RateLimitCountersTable;
  users: UsersTable;
  roles: RolesTable;
  networks: NetworksTable;
  write_locks: WriteLocksTable;
  enrollment_keys: EnrollmentKeysTable;
  hosts: HostsTable;
  nodes: NodesTable;
  user_groups: UserGroupsTable;
  access_tokens: AccessTokensTable;
  invites: InvitesTable;
  pending_users: PendingUsersTable;
  ext_clients: ExtClientsTable;
  gateway_users: GatewayUsersTable;
  tags: TagsTable;
  acl_policies: AclPoliciesTable;
  acl_matrix: AclMatrixTable;
  access_assertions: AccessAssertionsTable;
  dns_entries: DnsEntriesTable;
  activity_log: ActivityLogTable;
  branding: BrandingTable;
  branding_images: BrandingImagesTable;
  node_metrics: NodeMetricsTable;
  metric_keys: MetricKeysTable;
  metric_series: MetricSeriesTable;
  metric_rollup_marks: MetricRollupMarksTable;
  alert_rules: AlertRulesTable;
  alert_events: AlertEventsTable;
  work_leases: WorkLeasesTable;
  work_outbox: WorkOutboxTable;
  peer_sync: PeerSyncTable;
}

/** Which replica runs single-runner work until when (migration 063, decision 063); database clock in ms. */
export interface WorkLeasesTable {
  name: string;
  holder: string;
  /** Changes whenever another replica takes the lease: the peer-update epoch of that owner. */
  term: string;
  expires_ms: ColumnType<number | string, number, number>;
}

/** A work item a replica handed to the owner of single-runner work (migration 063): `kind` says which queue. */
export interface WorkOutboxTable {
  id: Generated<number | string>;
  kind: string;
  body: string;
}

/** The last peer-update version the owner issued a host in its term (migration 063). */
export interface PeerSyncTable {
  host_id: string;
  term: string;
  version: number;
}
