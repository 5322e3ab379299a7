import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gunzipSync, gzip, gzipSync } from 'node:zlib';
import {
  PAYLOAD_CIPHER,
  PAYLOAD_NONCE_BYTES,
  PAYLOAD_TAG_BYTES,
  payloadKeyFromTrafficKey,
} from '@meshdeck/contracts';

const gzipAsync = promisify(gzip);
/** Below this size gzip in the calling thread beats a round trip to the thread pool; above it, keep the loop free. */
const INLINE_GZIP_LIMIT = 32 * 1024;
/** Fastest level and a small window: most messages are deltas of a few hundred bytes, where zlib's set-up dominates. */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED, memLevel: 4 };
/** Recent small payloads and their gzip output: a change sends the same delta text to most members of a network. */
const ZIPPED_CACHE_ENTRIES = 64;
const zippedCache = new Map<string, Buffer>();

/** gzip of one payload; identical small texts (one delta to thousands of hosts) are compressed once. */
async function zip(payload: string | Buffer): Promise<Buffer> {
  if (typeof payload !== 'string' || payload.length > INLINE_GZIP_LIMIT) {
    const plain = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    return plain.length <= INLINE_GZIP_LIMIT ? gzipSync(plain, GZIP_OPTIONS) : gzipAsync(plain, GZIP_OPTIONS);
  }
  const cached = zippedCache.get(payload);
  if (cached) return cached;
  const zipped = gzipSync(payload, GZIP_OPTIONS);
  if (zippedCache.size >= ZIPPED_CACHE_ENTRIES) zippedCache.delete(zippedCache.keys().next().value as string);
  zippedCache.set(payload, zipped);
  return zipped;
}

/** A host's payload key as a KeyObject (built once per host, see HostKeyring); undefined when it has none usable. */
export function payloadKeyObject(trafficKey: string | null | undefined): KeyObject | undefined {
  const raw = payloadKeyFromTrafficKey(trafficKey);
  return raw && createSecretKey(raw);
}

/** Seals one server -> host payload (api-contract §6.3): gzip (fast), AES-256-GCM, nonce || ciphertext || tag. */
export async function sealPayload(key: KeyObject, payload: string | Buffer): Promise<Buffer> {
  const zipped = await zip(payload);
  // A random 96-bit nonce per message: collisions are negligible far beyond any host's message count.
  const nonce = randomBytes(PAYLOAD_NONCE_BYTES);
  const cipher = createCipheriv(PAYLOAD_CIPHER, key, nonce);
  return Buffer.concat([nonce, cipher.update(zipped), cipher.final(), cipher.getAuthTag()]);
}

/** Largest host -> server message accepted after decompression (a metrics report of 20,000 peers fits). */
const MAX_OPENED_BYTES = 8 * 1024 * 1024;

/**
 * Opens a host -> server payload sealed as above with that host's key; throws when it was not (tampered, another
 * host's, plaintext), so nothing unauthenticated is taken as the host's word.
 */
export function openPayload(key: KeyObject, sealed: Buffer): string {
  if (sealed.length < PAYLOAD_NONCE_BYTES + PAYLOAD_TAG_BYTES)
    throw new Error('message too short to be sealed');
  const nonce = sealed.subarray(0, PAYLOAD_NONCE_BYTES);
  const decipher = createDecipheriv(PAYLOAD_CIPHER, key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - PAYLOAD_TAG_BYTES));
  const zipped = Buffer.concat([
    decipher.update(sealed.subarray(PAYLOAD_NONCE_BYTES, sealed.length - PAYLOAD_TAG_BYTES)),
    decipher.final(),
  ]);
  return gunzipSync(zipped, { maxOutputLength: MAX_OPENED_BYTES }).toString('utf8');
}
