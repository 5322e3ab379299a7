// Node.js only (node:crypto): imported as '@meshdeck/contracts/wireguard-keys' by the server and the agent, never
// from the package's index, which the console bundles (decision 027).
import { generateKeyPairSync } from 'node:crypto';

/** A WireGuard key pair, each key 32 raw bytes in base64 (what `wg genkey` / `wg pubkey` print). */
export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** A fresh x25519 key pair, as WireGuard uses it. */
export function generateWireGuardKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  const d = privateKey.export({ format: 'jwk' }).d ?? '';
  const x = publicKey.export({ format: 'jwk' }).x ?? '';
  return {
    privateKey: Buffer.from(d, 'base64url').toString('base64'),
    publicKey: Buffer.from(x, 'base64url').toString('base64'),
  };
}
