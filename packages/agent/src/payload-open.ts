import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  PAYLOAD_CIPHER,
  PAYLOAD_NONCE_BYTES,
  PAYLOAD_TAG_BYTES,
  payloadKeyFromTrafficKey,
} from '@meshdeck/contracts';

/** Largest payload accepted after decompression: far above a 10,000-peer list, far below memory trouble. */
const MAX_PLAIN_BYTES = 64 * 1024 * 1024;

/** The agent's payload key from its saved traffic key; throws when the state holds no usable key. */
export function payloadKey(trafficKey: string): KeyObject {
  const raw = payloadKeyFromTrafficKey(trafficKey);
  if (!raw) throw new Error('the saved traffic key is not base64 of 32 bytes: join again to get a new one');
  return createSecretKey(raw);
}

/**
 * Opens a sealed server -> host payload (api-contract §6.3) and returns its JSON text. Throws when the message
 * was not sealed with this key (tampered, another host's, or plaintext): nothing unauthenticated is applied.
 */
export function openPayload(key: KeyObject, sealed: Buffer): string {
  if (sealed.length < PAYLOAD_NONCE_BYTES + PAYLOAD_TAG_BYTES)
    throw new Error('message too short to be sealed');
  const nonce = sealed.subarray(0, PAYLOAD_NONCE_BYTES);
  const tag = sealed.subarray(sealed.length - PAYLOAD_TAG_BYTES);
  const decipher = createDecipheriv(PAYLOAD_CIPHER, key, nonce);
  decipher.setAuthTag(tag);
  const zipped = Buffer.concat([
    decipher.update(sealed.subarray(PAYLOAD_NONCE_BYTES, sealed.length - PAYLOAD_TAG_BYTES)),
    decipher.final(),
  ]);
  return gunzipSync(zipped, { maxOutputLength: MAX_PLAIN_BYTES }).toString('utf8');
}

/**
 * Seals a host -> server payload the way the server seals its own (gzip, AES-256-GCM with the host's payload key,
 * nonce || ciphertext || tag), so a metrics report on a shared broker is readable and forgeable by nobody else.
 */
export function sealPayload(key: KeyObject, text: string): Buffer {
  const nonce = randomBytes(PAYLOAD_NONCE_BYTES);
  const cipher = createCipheriv(PAYLOAD_CIPHER, key, nonce);
  const zipped = gzipSync(text);
  return Buffer.concat([nonce, cipher.update(zipped), cipher.final(), cipher.getAuthTag()]);
}
