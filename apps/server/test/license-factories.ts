import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { LICENSE_TOKEN_PREFIX } from '../src/modules/licenses/license-token.ts';

/** A key pair of the tests' own: the server trusts its public half only through LICENSE_TEST_PUBLIC_KEY. */
export function licenseKeyPair(): { privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A licence payload valid for a year, unlimited unless `overrides` say otherwise. */
export const licensePayload = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'lic-test-1',
  customer: 'Test Customer',
  issued_at: new Date(Date.now() - DAY_MS).toISOString(),
  expires_at: new Date(Date.now() + 365 * DAY_MS).toISOString(),
  limits: { hosts: null, users: null, networks: null },
  ...overrides,
});

/** Signs a payload the way a licence is issued: Ed25519 over `meshdeck-license-v1.<base64url payload>`. */
export function signLicense(payload: unknown, privateKey: KeyObject): string {
  const body = `${LICENSE_TOKEN_PREFIX}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

/** The environment of a Pro server that trusts `publicKeyPem` (tests only) and has `license`, if any. */
export const proLicenseEnv = (publicKeyPem: string, license?: string): Record<string, string> => ({
  EDITION: 'pro',
  NODE_ENV: 'test',
  LICENSE_TEST_PUBLIC_KEY: publicKeyPem,
  ...(license === undefined ? {} : { LICENSE_KEY: license }),
});
