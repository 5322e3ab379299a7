/**
 * Client-side JWT reading. The console never verifies signatures (the server does); it only reads `exp` so
 * an expired session goes to the login page instead of failing on its first API call (spec §5 "Other rules").
 */

/**
 * The payload of a JWT, or null when it is not one: base64url to bytes, bytes to UTF-8 text, text to a JSON
 * object. Four lines instead of a JWT library, which would be the sign-in page's only reason to load one.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The token's expiry in epoch milliseconds, or null when it has no numeric `exp` claim. */
export function getTokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** A token is valid only while its `exp` claim lies in the future; a token without `exp` is not trusted. */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  const expiry = getTokenExpiry(token);
  return expiry !== null && expiry > now;
}
