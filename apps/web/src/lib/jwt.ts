/**
 * Client-side JWT reading. The console never verifies signatures (the server does); it only reads `exp` so
 * an expired session goes to the login page instead of failing on its first API call (spec §5 "Other rules").
 */

import { decodeJwt } from 'jose';

/** The payload of a JWT (jose's decoder: base64url and UTF-8 done right), or null when it is not a JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  try {
    return decodeJwt(token);
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
