import type { ActivityAction, ActivitySubjectType } from '@meshdeck/contracts';

/** The table a target lives in and the columns that find its row (or rows, for a matrix). */
export interface TargetRef {
  table: SnapshotTable;
  where: Record<string, string>;
  /** The id the entry shows (a row key, never a secret: enrollment keys show their hidden value). */
  id: string;
  network: string;
}

export type SnapshotTable =
  | 'networks'
  | 'nodes'
  | 'hosts'
  | 'users'
  | 'access_tokens'
  | 'roles'
  | 'user_groups'
  | 'invites'
  | 'pending_users'
  | 'enrollment_keys'
  | 'ext_clients'
  | 'gateway_users'
  | 'acl_policies'
  | 'tags'
  | 'dns_entries'
  | 'acl_matrix'
  | 'access_assertions'
  | 'none';

/** What the capture knows of a request when it resolves the target: before the handler, then after it. */
export interface TargetContext {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The parsed JSON answer of a successful write; undefined before the handler ran. */
  response: Record<string, unknown> | undefined;
}

interface TargetRule {
  subject: ActivitySubjectType;
  action?: ActivityAction;
  ref: (c: TargetContext) => Omit<TargetRef, 'id'> & { id?: string };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The `Response` of a `{Code, Message, Response}` envelope, or the answer itself. */
const answer = (c: TargetContext): Record<string, unknown> => {
  const inner = c.response?.Response;
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : (c.response ?? {});
};
const row = (
  table: SnapshotTable,
  where: Record<string, string>,
  network = '',
): Omit<TargetRef, 'id'> & { id?: string } => ({ table, where, network });
const none = (id: string, network = '') => ({ table: 'none' as const, where: {}, id, network });

const node = (c: TargetContext) => row('nodes', { id: c.params.nodeid ?? '' }, c.params.network ?? '');
const nodeRule = (subject: ActivitySubjectType, action?: ActivityAction): TargetRule => ({
  subject,
  ...(action ? { action } : {}),
  ref: node,
});

/**
 * Every write the log records, by route, and where its object lives (decision 035). Routes left out change
 * nothing worth an entry (previews, checks) or are the agents' steady traffic (check-ins, token refreshes,
 * failover hand-offs), which would bury people's changes under thousands of rows a minute.
 */
export const targetRules: Readonly<Record<string, TargetRule>> = {
  'POST /api/users/adm/createsuperadmin': {
    subject: 'USER',
    ref: (c) => row('users', { username: text(c.body.username) }),
  },
  'POST /api/users/adm/authenticate': {
    subject: 'USER',
    action: 'LOGIN',
    ref: (c) => none(text(c.body.username)),
  },
  'POST /api/users/adm/transfersuperadmin/:username': {
    subject: 'USER',
    ref: (c) => row('users', { username: c.params.username ?? '' }),
  },
  'POST /api/users/:username': {
    subject: 'USER',
    ref: (c) => row('users', { username: c.params.username ?? '' }),
  },
  'PUT /api/users/:username': {
    subject: 'USER',
    ref: (c) => row('users', { username: c.params.username ?? '' }),
  },
  'DELETE /api/users/:username': {
    subject: 'USER',
    ref: (c) => row('users', { username: c.params.username ?? '' }),
  },
  'POST /api/v1/users/access_token': {
    subject: 'USER_ACCESS_TOKEN',
    ref: (c) => ({
      ...row('access_tokens', { user_name: text(c.body.user_name), name: text(c.body.name) }),
      id: `${text(c.body.user_name)}/${text(c.body.name)}`,
    }),
  },
  'DELETE /api/v1/users/access_token': {
    subject: 'USER_ACCESS_TOKEN',
    ref: (c) => row('access_tokens', { id: text(c.query.id) }),
  },
  'POST /api/v1/users/role': {
    subject: 'USER_ROLE',
    ref: (c) => row('roles', { id: text(answer(c).id) || text(c.body.id) }),
  },
  'PUT /api/v1/users/role': { subject: 'USER_ROLE', ref: (c) => row('roles', { id: text(c.body.id) }) },
  'DELETE /api/v1/users/role': {
    subject: 'USER_ROLE',
    ref: (c) => row('roles', { id: text(c.query.role_id) }),
  },
  'POST /api/v1/users/group': {
    subject: 'USER_GROUP',
    ref: (c) => row('user_groups', { id: text(answer(c).id) }),
  },
  'PUT /api/v1/users/group': {
    subject: 'USER_GROUP',
    ref: (c) => row('user_groups', { id: text(c.body.id) }),
  },
  'DELETE /api/v1/users/group': {
    subject: 'USER_GROUP',
    ref: (c) => row('user_groups', { id: text(c.query.group_id) }),
  },
  'POST /api/v1/users/invite-signup': {
    subject: 'USER',
    ref: (c) => row('users', { username: text(c.body.username) }),
  },
  'POST /api/v1/users/invite': {
    subject: 'USER_INVITE',
    ref: (c) => none(Array.isArray(c.body.user_emails) ? c.body.user_emails.map(text).join(', ') : ''),
  },
  'DELETE /api/v1/users/invite': {
    subject: 'USER_INVITE',
    ref: (c) => row('invites', { email: text(c.query.invitee_email) }),
  },
  'DELETE /api/v1/users/invites': { subject: 'USER_INVITE', ref: () => none('*') },
  'DELETE /api/users_pending': { subject: 'PENDING_USER', ref: () => none('*') },
  'POST /api/users_pending/user/:username': {
    subject: 'PENDING_USER',
    ref: (c) => row('pending_users', { username: c.params.username ?? '' }),
  },
  'DELETE /api/users_pending/user/:username': {
    subject: 'PENDING_USER',
    ref: (c) => row('pending_users', { username: c.params.username ?? '' }),
  },
  'POST /api/networks': {
    subject: 'NETWORK',
    ref: (c) => row('networks', { netid: text(c.body.netid) }, text(c.body.netid)),
  },
  'PUT /api/networks/:networkname': {
    subject: 'NETWORK',
    ref: (c) => row('networks', { netid: c.params.networkname ?? '' }, c.params.networkname ?? ''),
  },
  'DELETE /api/networks/:networkname': {
    subject: 'NETWORK',
    ref: (c) => row('networks', { netid: c.params.networkname ?? '' }, c.params.networkname ?? ''),
  },
  'POST /api/v1/enrollment-keys': {
    subject: 'ENROLLMENT_KEY',
    ref: (c) => row('enrollment_keys', { value: text(c.response?.value) }),
  },
  'PUT /api/v1/enrollment-keys/:keyID': {
    subject: 'ENROLLMENT_KEY',
    ref: (c) => row('enrollment_keys', { value: c.params.keyID ?? '' }),
  },
  'DELETE /api/v1/enrollment-keys/:keyID': {
    subject: 'ENROLLMENT_KEY',
    ref: (c) => row('enrollment_keys', { value: c.params.keyID ?? '' }),
  },
  'POST /api/v1/host/register/:token': {
    subject: 'DEVICE',
    action: 'CREATE',
    ref: (c) => {
      const host = c.response?.requested_host as Record<string, unknown> | undefined;
      return row('hosts', { id: text(host?.id) });
    },
  },
  'PUT /api/hosts/keys': { subject: 'DEVICE', action: 'REFRESH_KEY', ref: () => none('*') },
  'PUT /api/hosts/:hostid': { subject: 'DEVICE', ref: (c) => row('hosts', { id: c.params.hostid ?? '' }) },
  'DELETE /api/hosts/:hostid': { subject: 'DEVICE', ref: (c) => row('hosts', { id: c.params.hostid ?? '' }) },
  'POST /api/hosts/:hostid/networks/:network': {
    subject: 'NODE',
    action: 'JOIN_HOST_TO_NETWORK',
    ref: (c) =>
      row('nodes', { host_id: c.params.hostid ?? '', network: c.params.network ?? '' }, c.params.network),
  },
  'DELETE /api/hosts/:hostid/networks/:network': {
    subject: 'NODE',
    action: 'REMOVE_HOST_FROM_NETWORK',
    ref: (c) =>
      row('nodes', { host_id: c.params.hostid ?? '', network: c.params.network ?? '' }, c.params.network),
  },
  'PUT /api/hosts/:hostid/keys': {
    subject: 'DEVICE',
    action: 'REFRESH_KEY',
    ref: (c) => row('hosts', { id: c.params.hostid ?? '' }),
  },
  'POST /api/hosts/:hostid/sync': {
    subject: 'DEVICE',
    action: 'SYNC',
    ref: (c) => none(c.params.hostid ?? ''),
  },
  'PUT /api/hosts/:hostid/upgrade': {
    subject: 'DEVICE',
    action: 'UPDATE',
    ref: (c) => row('hosts', { id: c.params.hostid ?? '' }),
  },
  'PUT /api/nodes/:network/:nodeid': nodeRule('NODE'),
  'DELETE /api/nodes/:network/:nodeid': nodeRule('NODE'),
  'POST /api/nodes/:network/:nodeid/approve': nodeRule('NODE', 'UPDATE'),
  'POST /api/nodes/:network/:nodeid/createingress': nodeRule('GATEWAY', 'GATEWAY_ASSIGN'),
  'DELETE /api/nodes/:network/:nodeid/deleteingress': nodeRule('GATEWAY', 'GATEWAY_UNASSIGN'),
  'POST /api/nodes/:network/:nodeid/createrelay': nodeRule('GATEWAY', 'GATEWAY_ASSIGN'),
  'DELETE /api/nodes/:network/:nodeid/deleterelay': nodeRule('GATEWAY', 'GATEWAY_UNASSIGN'),
  'POST /api/nodes/:network/:nodeid/creategateway': nodeRule('EGRESS', 'CREATE'),
  'DELETE /api/nodes/:network/:nodeid/deletegateway': nodeRule('EGRESS', 'DELETE'),
  'POST /api/nodes/:network/:nodeid/inet_gw': nodeRule('GATEWAY', 'GATEWAY_ASSIGN'),
  'PUT /api/nodes/:network/:nodeid/inet_gw': nodeRule('GATEWAY', 'UPDATE'),
  'DELETE /api/nodes/:network/:nodeid/inet_gw': nodeRule('GATEWAY', 'GATEWAY_UNASSIGN'),
  'POST /api/v1/node/:nodeid/failover': nodeRule('NODE', 'UPDATE'),
  'DELETE /api/v1/node/:nodeid/failover': nodeRule('NODE', 'UPDATE'),
  'POST /api/v1/node/:network/failover/reset': {
    subject: 'NODE',
    action: 'UPDATE',
    ref: (c) => none('*', c.params.network ?? ''),
  },
  'POST /api/extclients/:network/:nodeid': {
    subject: 'EXT_CLIENT',
    ref: (c) =>
      row(
        'ext_clients',
        { network: c.params.network ?? '', client_id: text(c.response?.clientid) || text(c.body.clientid) },
        c.params.network,
      ),
  },
  'PUT /api/extclients/:network/:clientid': {
    subject: 'EXT_CLIENT',
    ref: (c) =>
      row(
        'ext_clients',
        {
          network: c.params.network ?? '',
          client_id: text(c.response?.clientid) || (c.params.clientid ?? ''),
        },
        c.params.network,
      ),
  },
  'DELETE /api/extclients/:network/:clientid': {
    subject: 'EXT_CLIENT',
    ref: (c) =>
      row(
        'ext_clients',
        { network: c.params.network ?? '', client_id: c.params.clientid ?? '' },
        c.params.network,
      ),
  },
  'POST /api/users/:username/remote_access_gw/:remote_access_gateway_id': {
    subject: 'USER',
    action: 'UPDATE',
    ref: (c) =>
      row('gateway_users', {
        username: c.params.username ?? '',
        node_id: c.params.remote_access_gateway_id ?? '',
      }),
  },
  'DELETE /api/users/:username/remote_access_gw/:remote_access_gateway_id': {
    subject: 'USER',
    action: 'UPDATE',
    ref: (c) =>
      row('gateway_users', {
        username: c.params.username ?? '',
        node_id: c.params.remote_access_gateway_id ?? '',
      }),
  },
  'POST /api/v1/acls': {
    subject: 'ACL',
    ref: (c) => row('acl_policies', { id: text(answer(c).id) }, text(c.body.network_id)),
  },
  'PUT /api/v1/acls': {
    subject: 'ACL',
    ref: (c) => row('acl_policies', { id: text(c.body.id) }, text(c.body.network_id)),
  },
  'DELETE /api/v1/acls': { subject: 'ACL', ref: (c) => row('acl_policies', { id: text(c.query.acl_id) }) },
  'POST /api/v1/acls/assertions': {
    subject: 'ACCESS_CHECK',
    ref: (c) => row('access_assertions', { id: text(answer(c).id) }, text(c.body.network)),
  },
  'DELETE /api/v1/acls/assertions': {
    subject: 'ACCESS_CHECK',
    ref: (c) => row('access_assertions', { id: text(c.query.id) }),
  },
  'POST /api/v1/tags': {
    subject: 'TAG',
    ref: (c) => row('tags', { id: text(answer(c).id) }, text(c.body.network)),
  },
  'PUT /api/v1/tags': {
    subject: 'TAG',
    ref: (c) => row('tags', { id: text(answer(c).id) || text(c.body.id) }),
  },
  'DELETE /api/v1/tags': { subject: 'TAG', ref: (c) => row('tags', { id: text(c.query.tag_id) }) },
  'POST /api/dns/:network': {
    subject: 'DNS',
    ref: (c) =>
      row('dns_entries', { network: c.params.network ?? '', name: text(c.body.name) }, c.params.network),
  },
  'DELETE /api/dns/:network/:domain': {
    subject: 'DNS',
    ref: (c) =>
      row('dns_entries', { network: c.params.network ?? '', name: c.params.domain ?? '' }, c.params.network),
  },
  'POST /api/dns/adm/:network/sync': {
    subject: 'DNS',
    action: 'SYNC',
    ref: (c) => none('*', c.params.network ?? ''),
  },
  'PUT /api/networks/:networkname/acls': {
    subject: 'ACL',
    action: 'UPDATE',
    ref: (c) => row('acl_matrix', { network: c.params.networkname ?? '' }, c.params.networkname),
  },
  'PUT /api/networks/:networkname/acls/v2': {
    subject: 'ACL',
    action: 'UPDATE',
    ref: (c) => row('acl_matrix', { network: c.params.networkname ?? '' }, c.params.networkname),
  },
  'POST /api/v1/import': { subject: 'SETTING', action: 'UPDATE', ref: () => none('import') },
  'PUT /api/v1/branding': { subject: 'SETTING', action: 'UPDATE', ref: () => none('branding') },
};

/** The default action of a write by its HTTP method. */
export const actionOf = (method: string): ActivityAction =>
  method === 'POST' ? 'CREATE' : method === 'DELETE' ? 'DELETE' : 'UPDATE';

/** The rule for a request's route ("METHOD /pattern"), or undefined when the write is not logged. */
export const ruleFor = (method: string, routeUrl: string): TargetRule | undefined =>
  Object.hasOwn(targetRules, `${method} ${routeUrl}`) ? targetRules[`${method} ${routeUrl}`] : undefined;

/** Resolves a target; the id falls back to the key values joined. */
export function resolveTarget(rule: TargetRule, context: TargetContext): TargetRef {
  const ref = rule.ref(context);
  return { ...ref, id: ref.id ?? Object.values(ref.where).join('/') };
}

/**
 * Writes deliberately not logged: previews and checks change nothing, and the agents' steady traffic (check-ins,
 * token refreshes, failover hand-offs) would bury people's changes. A new write route must be added to
 * `targetRules` or here (activity-targets.test.ts walks the server's routes).
 */
export const unloggedWrites: ReadonlySet<string> = new Set([
  'POST /api/server/shutdown',
  'POST /api/hosts/adm/authenticate',
  'PUT /api/v1/fallback/host/:hostid',
  'PUT /api/v1/host/:hostid/routing_status',
  'POST /api/v1/node/:nodeid/failover_me',
  'DELETE /api/v1/node/:nodeid/failover_me',
  'POST /api/v1/acls/preview',
  'POST /api/v1/tags/preview',
  'POST /api/networks/:networkname/acls/preview',
]);
