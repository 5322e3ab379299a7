import { generateKeyPairSync, sign } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A licence token as the vendor issues one: Ed25519 over `meshdeck-license-v1.<base64url payload>`. */
export function issueLicense(): { token: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const payload = {
    id: 'lic-e2e',
    customer: 'E2E Customer',
    issued_at: new Date(Date.now() - DAY_MS).toISOString(),
    expires_at: new Date(Date.now() + 365 * DAY_MS).toISOString(),
    limits: { hosts: 50, users: 10, networks: 5 },
  };
  const body = `meshdeck-license-v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return {
    token: `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
