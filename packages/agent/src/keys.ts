import { generateKeyPairSync, randomBytes } from 'node:crypto';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** A WireGuard key pair: x25519 keys as 32 raw bytes, base64 (what `wg genkey` / `wg pubkey` print). */
export function generateWireGuardKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  const d = privateKey.export({ format: 'jwk' }).d ?? '';
  const x = publicKey.export({ format: 'jwk' }).x ?? '';
  return {
    privateKey: Buffer.from(d, 'base64url').toString('base64'),
    publicKey: Buffer.from(x, 'base64url').toString('base64'),
  };
}

/** The secret the agent signs in with (API and broker); random, never derived from anything. */
export const generateHostPassword = (): string => randomBytes(24).toString('base64url');
