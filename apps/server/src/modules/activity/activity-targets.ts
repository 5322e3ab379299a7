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
  | 'alert_rules'
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

/** A route parameter, '' when the route has none of that name. */
const param = (c: TargetContext, name: string) => c.params[name] ?? '';
type Ref = TargetRule['ref'];
const rule = (subject: ActivitySubjectType, ref: Ref, action?: ActivityAction): TargetRule => ({
  subject,
  ...(action ? { action } : {}),
  ref,
});

// Where the objects that several routes write live, by the route parameters that name them.
const node: Ref = (c) => row('nodes', { id: param(c, 'nodeid') }, param(c, 'network'));
const userByParam: Ref = (c) => row('users', { username: param(c, 'username') });
const userByBody: Ref = (c) => row('users', { username: text(c.body.username) });
const pendingUser: Ref = (c) => row('pending_users', { username: param(c, 'username') });
const network: Ref = (c) => row('networks', { netid: param(c, 'networkname') }, param(c, 'networkname'));
const enrollmentKey: Ref = (c) => row('enrollment_keys', { value: param(c, 'keyID') });
const host: Ref = (c) => row('hosts', { id: param(c, 'hostid') });
const hostNode: Ref = (c) =>
  row('nodes', { host_id: param(c, 'hostid'), network: param(c, 'network') }, param(c, 'network'));
const extClient =
  (clientId: (c: TargetContext) => string): Ref =>
  (c) =>
    row('ext_clients', { network: param(c, 'network'), client_id: clientId(c) }, param(c, 'network'));
const gatewayUser: Ref = (c) =>
  row('gateway_users', { username: param(c, 'username'), node_id: param(c, 'remote_access_gateway_id') });
const dnsEntry =
  (name: (c: TargetContext) => string): Ref =>
  (c) =>
    row('dns_entries', { network: param(c, 'network'), name: name(c) }, param(c, 'network'));
const aclMatrix: Ref = (c) =>
  row('acl_matrix', { network: param(c, 'networkname') }, param(c, 'networkname'));
const everything = (id: string) => () => none(id);
const alertRule =
  (id: (c: TargetContext) => string): Ref =>
  (c) =>
    row('alert_rules', { id: id(c) }, param(c, 'network'));

/**
 * Every write the log records, by route, and where its object lives (decision 035). Routes left out change
 * nothing worth an entry (previews, checks) or are the agents' steady traffic (check-ins, token refreshes,
 * failover hand-offs), which would bury people's changes under thousands of rows a minute.
 */
export const targetRules: Readonly<Record<string, TargetRule>> = {
  'POST /api/users/adm/createsuperadmin': rule('USER', userByBody),
  'POST /api/users/adm/authenticate': rule('USER', (c) => none(text(c.body.username)), 'LOGIN'),
  'POST /api/users/adm/transfersuperadmin/:username': rule('USER', userByParam),
  'POST /api/users/:username': rule('USER', userByParam),
  'PUT /api/users/:username': rule('USER', userByParam),
  'DELETE /api/users/:username': rule('USER', userByParam),
  'POST /api/v1/users/access_token': rule('USER_ACCESS_TOKEN', (c) => ({
    ...row('access_tokens', { user_name: text(c.body.user_name), name: text(c.body.name) }),
    id: `${text(c.body.user_name)}/${text(c.body.name)}`,
  })),
  'DELETE /api/v1/users/access_token': rule('USER_ACCESS_TOKEN', (c) =>
    row('access_tokens', { id: text(c.query.id) }),
  ),
  'POST /api/v1/users/role': rule('USER_ROLE', (c) =>
    row('roles', { id: text(answer(c).id) || text(c.body.id) }),
  ),
  'PUT /api/v1/users/role': rule('USER_ROLE', (c) => row('roles', { id: text(c.body.id) })),
  'DELETE /api/v1/users/role': rule('USER_ROLE', (c) => row('roles', { id: text(c.query.role_id) })),
  'POST /api/v1/users/group': rule('USER_GROUP', (c) => row('user_groups', { id: text(answer(c).id) })),
  'PUT /api/v1/users/group': rule('USER_GROUP', (c) => row('user_groups', { id: text(c.body.id) })),
  'DELETE /api/v1/users/group': rule('USER_GROUP', (c) => row('user_groups', { id: text(c.query.group_id) })),
  'POST /api/v1/users/invite-signup': rule('USER', userByBody),
  'POST /api/v1/users/invite': rule('USER_INVITE', (c) =>
    none(Array.isArray(c.body.user_emails) ? c.body.user_emails.map(text).join(', ') : ''),
  ),
  'DELETE /api/v1/users/invite': rule('USER_INVITE', (c) =>
    row('invites', { email: text(c.query.invitee_email) }),
  ),
  'DELETE /api/v1/users/invites': rule('USER_INVITE', everything('*')),
  'DELETE /api/users_pending': rule('PENDING_USER', everything('*')),
  'POST /api/users_pending/user/:username': rule('PENDING_USER', pendingUser),
  'DELETE /api/users_pending/user/:username': rule('PENDING_USER', pendingUser),
  'POST /api/networks': rule('NETWORK', (c) =>
    row('networks', { netid: text(c.body.netid) }, text(c.body.netid)),
  ),
  'PUT /api/networks/:networkname': rule('NETWORK', network),
  'DELETE /api/networks/:networkname': rule('NETWORK', network),
  'POST /api/v1/enrollment-keys': rule('ENROLLMENT_KEY', (c) =>
    row('enrollment_keys', { value: text(c.response?.value) }),
  ),
  'PUT /api/v1/enrollment-keys/:keyID': rule('ENROLLMENT_KEY', enrollmentKey),
  'DELETE /api/v1/enrollment-keys/:keyID': rule('ENROLLMENT_KEY', enrollmentKey),
  'POST /api/v1/host/register/:token': rule(
    'DEVICE',
    (c) =>
      row('hosts', { id: text((c.response?.requested_host as Record<string, unknown> | undefined)?.id) }),
    'CREATE',
  ),
  'PUT /api/hosts/keys': rule('DEVICE', everything('*'), 'REFRESH_KEY'),
  'PUT /api/hosts/:hostid': rule('DEVICE', host),
  'DELETE /api/hosts/:hostid': rule('DEVICE', host),
  'POST /api/hosts/:hostid/networks/:network': rule('NODE', hostNode, 'JOIN_HOST_TO_NETWORK'),
  'DELETE /api/hosts/:hostid/networks/:network': rule('NODE', hostNode, 'REMOVE_HOST_FROM_NETWORK'),
  'PUT /api/hosts/:hostid/keys': rule('DEVICE', host, 'REFRESH_KEY'),
  'POST /api/hosts/:hostid/sync': rule('DEVICE', (c) => none(param(c, 'hostid')), 'SYNC'),
  'PUT /api/hosts/:hostid/upgrade': rule('DEVICE', host, 'UPDATE'),
  'PUT /api/nodes/:network/:nodeid': rule('NODE', node),
  'DELETE /api/nodes/:network/:nodeid': rule('NODE', node),
  'POST /api/nodes/:network/:nodeid/approve': rule('NODE', node, 'UPDATE'),
  'POST /api/nodes/:network/:nodeid/createingress': rule('GATEWAY', node, 'GATEWAY_ASSIGN'),
  'DELETE /api/nodes/:network/:nodeid/deleteingress': rule('GATEWAY', node, 'GATEWAY_UNASSIGN'),
  'POST /api/nodes/:network/:nodeid/createrelay': rule('GATEWAY', node, 'GATEWAY_ASSIGN'),
  'DELETE /api/nodes/:network/:nodeid/deleterelay': rule('GATEWAY', node, 'GATEWAY_UNASSIGN'),
  'POST /api/nodes/:network/:nodeid/creategateway': rule('EGRESS', node, 'CREATE'),
  'DELETE /api/nodes/:network/:nodeid/deletegateway': rule('EGRESS', node, 'DELETE'),
  'POST /api/nodes/:network/:nodeid/inet_gw': rule('GATEWAY', node, 'GATEWAY_ASSIGN'),
  'PUT /api/nodes/:network/:nodeid/inet_gw': rule('GATEWAY', node, 'UPDATE'),
  'DELETE /api/nodes/:network/:nodeid/inet_gw': rule('GATEWAY', node, 'GATEWAY_UNASSIGN'),
  'POST /api/v1/node/:nodeid/failover': rule('NODE', node, 'UPDATE'),
  'DELETE /api/v1/node/:nodeid/failover': rule('NODE', node, 'UPDATE'),
  'POST /api/v1/node/:network/failover/reset': rule('NODE', (c) => none('*', param(c, 'network')), 'UPDATE'),
  'POST /api/extclients/:network/:nodeid': rule(
    'EXT_CLIENT',
    extClient((c) => text(c.response?.clientid) || text(c.body.clientid)),
  ),
  'PUT /api/extclients/:network/:clientid': rule(
    'EXT_CLIENT',
    extClient((c) => text(c.response?.clientid) || param(c, 'clientid')),
  ),
  'DELETE /api/extclients/:network/:clientid': rule(
    'EXT_CLIENT',
    extClient((c) => param(c, 'clientid')),
  ),
  'POST /api/users/:username/remote_access_gw/:remote_access_gateway_id': rule('USER', gatewayUser, 'UPDATE'),
  'DELETE /api/users/:username/remote_access_gw/:remote_access_gateway_id': rule(
    'USER',
    gatewayUser,
    'UPDATE',
  ),
  'POST /api/v1/acls': rule('ACL', (c) =>
    row('acl_policies', { id: text(answer(c).id) }, text(c.body.network_id)),
  ),
  'PUT /api/v1/acls': rule('ACL', (c) =>
    row('acl_policies', { id: text(c.body.id) }, text(c.body.network_id)),
  ),
  'DELETE /api/v1/acls': rule('ACL', (c) => row('acl_policies', { id: text(c.query.acl_id) })),
  'POST /api/v1/acls/assertions': rule('ACCESS_CHECK', (c) =>
    row('access_assertions', { id: text(answer(c).id) }, text(c.body.network)),
  ),
  'DELETE /api/v1/acls/assertions': rule('ACCESS_CHECK', (c) =>
    row('access_assertions', { id: text(c.query.id) }),
  ),
  'POST /api/v1/tags': rule('TAG', (c) => row('tags', { id: text(answer(c).id) }, text(c.body.network))),
  'PUT /api/v1/tags': rule('TAG', (c) => row('tags', { id: text(answer(c).id) || text(c.body.id) })),
  'DELETE /api/v1/tags': rule('TAG', (c) => row('tags', { id: text(c.query.tag_id) })),
  'POST /api/dns/:network': rule(
    'DNS',
    dnsEntry((c) => text(c.body.name)),
  ),
  'DELETE /api/dns/:network/:domain': rule(
    'DNS',
    dnsEntry((c) => param(c, 'domain')),
  ),
  'POST /api/dns/adm/:network/sync': rule('DNS', (c) => none('*', param(c, 'network')), 'SYNC'),
  'PUT /api/networks/:networkname/acls': rule('ACL', aclMatrix, 'UPDATE'),
  'PUT /api/networks/:networkname/acls/v2': rule('ACL', aclMatrix, 'UPDATE'),
  'PUT /api/networks/:networkname/acls/cells': rule('ACL', aclMatrix, 'UPDATE'),
  'POST /api/v1/import': rule('SETTING', everything('import'), 'UPDATE'),
  'PUT /api/v1/branding': rule('SETTING', everything('branding'), 'UPDATE'),
  // The rule's signing secret is blanked in the entry like every `secret` column (activity-snapshot.ts).
  'POST /api/v1/alerts/:network/rules': rule(
    'ALERT_RULE',
    alertRule((c) => text(c.response?.id)),
  ),
  'PUT /api/v1/alerts/:network/rules/:ruleid': rule(
    'ALERT_RULE',
    alertRule((c) => param(c, 'ruleid')),
  ),
  'DELETE /api/v1/alerts/:network/rules/:ruleid': rule(
    'ALERT_RULE',
    alertRule((c) => param(c, 'ruleid')),
  ),
  'POST /api/v1/alerts/:network/rules/:ruleid/secret': rule(
    'ALERT_RULE',
    alertRule((c) => param(c, 'ruleid')),
    'REFRESH_KEY',
  ),
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
  // Reads the licence again; no stored row changes (issue 33, decision 041).
  'POST /api/v1/server/license/validation',
  'POST /api/hosts/adm/authenticate',
  'PUT /api/v1/fallback/host/:hostid',
  'PUT /api/v1/host/:hostid/routing_status',
  'POST /api/v1/node/:nodeid/failover_me',
  'DELETE /api/v1/node/:nodeid/failover_me',
  'POST /api/v1/acls/preview',
  'POST /api/v1/tags/preview',
  'POST /api/networks/:networkname/acls/preview',
  'POST /api/networks/:networkname/acls/cells/preview',
  // A test notification changes nothing stored (decision 055).
  'POST /api/v1/alerts/:network/rules/:ruleid/test',
]);
