import { createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWireGuardKeys } from './wireguard-keys.ts';

// DER headers of an X25519 private key (PKCS#8) and public key (SPKI) around the 32 raw bytes.
const PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI = Buffer.from('302a300506032b656e032100', 'hex');
const privateKeyOf = (base64: string) =>
  createPrivateKey({
    key: Buffer.concat([PKCS8, Buffer.from(base64, 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
const publicKeyOf = (base64: string) =>
  createPublicKey({ key: Buffer.concat([SPKI, Buffer.from(base64, 'base64')]), format: 'der', type: 'spki' });

describe('generateWireGuardKeys', () => {
  it('when called, returns two 32-byte keys in standard base64, as wg genkey and wg pubkey print them', () => {
    const { privateKey, publicKey } = generateWireGuardKeys();
    for (const key of [privateKey, publicKey]) {
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
    }
  });

  it('when two peers use their pairs, both derive the same shared secret (the public key belongs to the private one)', () => {
    const a = generateWireGuardKeys();
    const b = generateWireGuardKeys();
    const ab = diffieHellman({ privateKey: privateKeyOf(a.privateKey), publicKey: publicKeyOf(b.publicKey) });
    const ba = diffieHellman({ privateKey: privateKeyOf(b.privateKey), publicKey: publicKeyOf(a.publicKey) });
    expect(ab.equals(ba)).toBe(true);
    expect(a.privateKey).not.toBe(b.privateKey);
  });
});
