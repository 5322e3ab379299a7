import type { Acl } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';

/** The default policies' fixed id suffixes (`<network>.all-nodes` ...) and their translation keys. */
const BUILTIN = {
  'all-nodes': 'policies.builtin.allNodes',
  'all-gateways': 'policies.builtin.allGateways',
  'all-users': 'policies.builtin.allUsers',
  'network-admin-grp': 'policies.builtin.networkAdmins',
  'network-user-grp': 'policies.builtin.networkUsers',
} as const;

const isBuiltin = (suffix: string): suffix is keyof typeof BUILTIN => suffix in BUILTIN;

/**
 * A policy's name as the console shows it. The server names its default policies in English ("All Nodes"); they
 * are product text, so they are shown in the active language, found by their fixed ids, while the stored name
 * stays as it is (an update sends it back unchanged). A policy someone created keeps the name they gave it.
 */
export function policyName(t: TFunction<'access'>, policy: Pick<Acl, 'id' | 'name' | 'default'>): string {
  if (!policy.default || !policy.id.includes('.')) return policy.name;
  const suffix = policy.id.slice(policy.id.lastIndexOf('.') + 1);
  return isBuiltin(suffix) ? t(BUILTIN[suffix]) : policy.name;
}
