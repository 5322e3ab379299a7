/** What replaces a secret in a log line. */
export const REDACTED = '[REDACTED]';

// user:password@ (or just user@) after a scheme: mqtt://, postgres://, https:// ...
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@?#]+@/gi;
const bearer = /\b(bearer\s+)[^\s"',;]+/gi;
// Enrollment tokens travel in the path of the agent's join (api-contract §2.5).
const registerToken = /(\/api\/v1\/host\/register\/)[^/?#\s"']+/gi;
// Query parameters whose names say they hold a secret (invite links carry `invite_code`, OAuth callbacks `code`).
const secretQuery =
  /([?&](?:[a-z0-9_-]*(?:token|password|passwd|secret|key|pass|auth|code)[a-z0-9_-]*)=)[^&#\s"']*/gi;

/** Replaces credentials in URLs, bearer tokens, enrollment tokens in paths and secret query values in a text. */
export function redactText(text: string): string {
  return text
    .replace(urlCredentials, `$1${REDACTED}@`)
    .replace(bearer, `$1${REDACTED}`)
    .replace(registerToken, `$1${REDACTED}`)
    .replace(secretQuery, `$1${REDACTED}`);
}

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS = new Set([
  'password',
  'hostpass',
  'token',
  'authtoken',
  'auth_token',
  'authorization',
  'cookie',
  'masterkey',
  'master_key',
  'secret',
  'traffickeyprivate',
  'privatekey',
  'invite_code',
]);

/**
 * A copy of a value fit for a log line: secret-named fields replaced, every string passed through redactText.
 * Bounded in depth so a cyclic or huge object cannot stall logging.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SECRET_KEYS.has(key.toLowerCase()) && item !== undefined && item !== ''
        ? REDACTED
        : redactValue(item, depth + 1);
  }
  return out;
}

/** The URL without user:password, for answers that show a broker or database address. */
export function withoutCredentials(url: string): string {
  return url.replace(urlCredentials, '$1');
}
