import { createHash } from 'node:crypto';
import { ENTER_PRIVATE_KEY_PLACEHOLDER } from '@meshdeck/contracts';
import { grantsOf, isNetworkAdmin, type Principal } from './access.ts';
import { rbacAllows } from './rbac.ts';

/**
 * Secrets a response can carry, and who may read each (issue 29). Read access to a route is not read access to
 * the secrets in its answer: an auditor reads every invite and every remote-access client, but no invite code
 * (it would let the auditor sign up as whatever role the invite grants) and no one else's WireGuard private key.
 */
export type Secret =
  /** An external client's private key: its owner, and admins of its network (who can download its config). */
  | { kind: 'wireguard-private-key'; owner: string; networkId: string }
  /** An invite's code and link: platform roles with full access (the people who may invite). */
  | { kind: 'invite-code' }
  /** An enrollment key's value and join token: whoever may create keys, since either one joins a host. */
  | { kind: 'enrollment-key' };

/** Whether a principal may read a secret. Hosts and anonymous callers read none through user routes. */
export function maySeeSecret(principal: Principal, secret: Secret): boolean {
  if (principal.kind !== 'user') return false;
  if (principal.isMaster) return true;
  const grants = grantsOf(principal);
  if (!grants) return false;
  switch (secret.kind) {
    case 'wireguard-private-key':
      return secret.owner === principal.username || isNetworkAdmin(principal, secret.networkId);
    case 'invite-code':
      return grants.fullAccess;
    case 'enrollment-key':
      return rbacAllows(grants, { method: 'POST', resourceType: 'enrollment_key', isGlobal: true });
  }
}

/** Whether a principal may read every secret, so its answers need no walk (platform admins and the master key). */
export function seesEverySecret(principal: Principal): boolean {
  return principal.kind === 'user' && (principal.isMaster || grantsOf(principal)?.fullAccess === true);
}

const MAX_DEPTH = 8;

/** An enrollment key in place of its value: stable (the console keys its rows by value) and useless for joining. */
export const hiddenKeyValue = (value: string) =>
  `hidden-${createHash('sha256').update(value).digest('hex').slice(0, 16)}`;

/** The object's own secret fields as the principal may read them: the object itself when nothing changes. */
function redactFields(item: Record<string, unknown>, principal: Principal): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const privateKey = item.privatekey;
  if (
    typeof privateKey === 'string' &&
    privateKey !== '' &&
    privateKey !== ENTER_PRIVATE_KEY_PLACEHOLDER &&
    !maySeeSecret(principal, {
      kind: 'wireguard-private-key',
      owner: typeof item.ownerid === 'string' ? item.ownerid : '',
      networkId: typeof item.network === 'string' ? item.network : '',
    })
  ) {
    changes.privatekey = '';
  }
  if (
    (typeof item.invite_code === 'string' || typeof item.invite_url === 'string') &&
    !maySeeSecret(principal, { kind: 'invite-code' })
  ) {
    if (typeof item.invite_code === 'string') changes.invite_code = '';
    if (typeof item.invite_url === 'string') changes.invite_url = '';
  }
  if (
    typeof item.token === 'string' &&
    typeof item.value === 'string' &&
    'uses_remaining' in item &&
    !maySeeSecret(principal, { kind: 'enrollment-key' })
  ) {
    changes.token = '';
    changes.value = hiddenKeyValue(item.value);
  }
  const hasPassword = 'password' in item;
  if (Object.keys(changes).length === 0 && !hasPassword) return item;
  const copy = { ...item, ...changes };
  // Password hashes never leave the server, whoever asks.
  if (hasPassword) delete copy.password;
  return copy;
}

/**
 * A copy of a value with the secrets the principal may not read blanked; unchanged parts are shared, not
 * copied, and the input is never modified (answers are often cached objects shared by every caller).
 */
function redacted(value: unknown, principal: Principal, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const list = value as unknown[];
    let out: unknown[] | undefined;
    list.forEach((item, index) => {
      const next = redacted(item, principal, depth + 1);
      if (next !== item) (out ??= [...list])[index] = next;
    });
    return out ?? list;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  let item = redactFields(value as Record<string, unknown>, principal);
  for (const [key, child] of Object.entries(item)) {
    if (child === null || typeof child !== 'object') continue;
    const next = redacted(child, principal, depth + 1);
    if (next !== child) {
      if (item === value) item = { ...item };
      item[key] = next;
    }
  }
  return item;
}

/**
 * The one redaction every JSON answer passes (the auth plugin's preSerialization hook): secrets the caller may
 * not read are blanked, wherever in the answer they sit (a client inside a gateway, a list of invites). Platform
 * admins skip the walk, so the large list answers they read cost nothing extra.
 */
export function redactSecrets<T>(payload: T, principal: Principal): T {
  if (principal.kind === 'host' || seesEverySecret(principal)) return payload;
  return redacted(payload, principal, 0) as T;
}
