import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** The prefix of every licence token, so a pasted token of another product is recognised as not ours. */
export const LICENSE_TOKEN_PREFIX = 'meshdeck-license-v1';

const limit = z.number().int().min(0).max(1_000_000).nullable().default(null);

/** What a licence grants (decision 041); a limit of null means unlimited. */
export const licensePayloadSchema = z.object({
  id: z.string().min(1).max(128),
  customer: z.string().min(1).max(256),
  issued_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  limits: z
    .object({ hosts: limit, users: limit, networks: limit })
    .default({ hosts: null, users: null, networks: null }),
});
export type LicensePayload = z.infer<typeof licensePayloadSchema>;
export type LicenseLimitKind = keyof LicensePayload['limits'];

/** Why a token was refused; `message` is what `license_error` and a 4xx say. */
export type LicenseVerdict =
  | { ok: true; payload: LicensePayload }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'not-yet-valid'; message: string };

/**
 * How far a licence's `issued_at` may lie ahead of this server's clock: issuing and serving machines' clocks differ
 * by seconds to minutes, so a licence issued a moment ago is not refused, but one dated later than that is
 * (decision 049).
 */
export const LICENSE_CLOCK_SKEW_MS = 5 * 60 * 1000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const malformed = (detail: string): LicenseVerdict => ({
  ok: false,
  reason: 'malformed',
  message: `license key is malformed: ${detail}`,
});

/** The Ed25519 public key a PEM text holds; throws when it is not one. */
export function ed25519PublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the licence public key must be an Ed25519 key');
  return key;
}

/**
 * Verifies a licence token offline: `meshdeck-license-v1.<payload>.<signature>`, both parts base64url, the
 * signature Ed25519 over the bytes `meshdeck-license-v1.<payload>`. The signature is checked before the payload
 * is read, so nothing unsigned is ever trusted; then the payload's shape, its issue time (not later than `now`
 * plus LICENSE_CLOCK_SKEW_MS) and its expiry at `now`.
 */
export function verifyLicenseToken(token: string, publicKey: KeyObject, now: Date): LicenseVerdict {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== LICENSE_TOKEN_PREFIX)
    return malformed(`expected ${LICENSE_TOKEN_PREFIX}.<payload>.<signature>`);
  const [prefix, payloadPart = '', signaturePart = ''] = parts;
  if (!BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart))
    return malformed('the payload and signature must be base64url');
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== 64) return malformed('the signature must be 64 bytes (Ed25519)');
  const signed = Buffer.from(`${prefix}.${payloadPart}`, 'utf8');
  if (!verify(null, signed, publicKey, signature))
    return {
      ok: false,
      reason: 'forged',
      message: 'license key signature is invalid: it was not issued by Meshdeck or it was altered',
    };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return malformed('the payload is not JSON');
  }
  const parsed = licensePayloadSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return malformed(`${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`);
  }
  const payload = parsed.data;
  if (Date.parse(payload.issued_at) > now.getTime() + LICENSE_CLOCK_SKEW_MS)
    return {
      ok: false,
      reason: 'not-yet-valid',
      message: `license is not valid yet: it is issued at ${new Date(payload.issued_at).toISOString()}, later than this server's clock; check the clock`,
    };
  if (Date.parse(payload.expires_at) <= now.getTime())
    return {
      ok: false,
      reason: 'expired',
      message: `license expired on ${new Date(payload.expires_at).toISOString().slice(0, 10)}`,
    };
  return { ok: true, payload };
}
