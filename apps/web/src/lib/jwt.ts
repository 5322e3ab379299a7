/**
 * Client-side JWT reading. The console never verifies signatures (the server does); it only reads `exp` so
 * an expired session goes to the login page instead of failing on its first API call (spec §5 "Other rules").
 */

/** Decodes the payload segment of a JWT, or returns null when the token is not a well-formed JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
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
