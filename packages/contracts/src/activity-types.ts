/**
 * The activity log's actions and subject types (api-contract §3.21), zod-free: the console's route tree, which is
 * in the boot chunk, validates its search parameters against them.
 */

export const activityActions = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'LOGIN',
  'SYNC',
  'REFRESH_KEY',
  'JOIN_HOST_TO_NETWORK',
  'REMOVE_HOST_FROM_NETWORK',
  'GATEWAY_ASSIGN',
  'GATEWAY_UNASSIGN',
  // An alert rule fired or resolved (decision 055): entries the server makes, no request behind them.
  'ALERT_FIRED',
  'ALERT_RESOLVED',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/**
 * Subject types of §3.21, plus Meshdeck's EXT_CLIENT, DNS and ACCESS_CHECK (the contract has no type for a
 * remote-access client, a DNS entry, a must-reach check or an alert rule).
 */
export const activitySubjectTypes = [
  'USER',
  'USER_ACCESS_TOKEN',
  'DEVICE',
  'NODE',
  'GATEWAY',
  'SETTING',
  'ACL',
  'TAG',
  'USER_ROLE',
  'USER_GROUP',
  'USER_INVITE',
  'PENDING_USER',
  'EGRESS',
  'NETWORK',
  'ENROLLMENT_KEY',
  'EXT_CLIENT',
  'DNS',
  'ACCESS_CHECK',
  'ALERT_RULE',
] as const;
export const activityOrigins = ['DASHBOARD', 'API', 'CLIENT-APP'] as const;
