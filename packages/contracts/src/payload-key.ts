/**
 * Payload encryption of server -> host MQTT messages (api-contract §6.3): JSON, gzip, then AES-256-GCM keyed with
 * the first 32 bytes of the host's `traffickeypublic`, a random 12-byte nonce in front and the 16-byte tag at the
 * end (the layout Go's `gcm.Seal` produces). The server seals and the agent opens with the same key, derived here
 * so both sides agree. The agent generates that key at random and only ever sends it to the server over the API,
 * so, despite the contract's name, it is a secret shared by the two.
 */

export const PAYLOAD_KEY_BYTES = 32;
export const PAYLOAD_NONCE_BYTES = 12;
export const PAYLOAD_TAG_BYTES = 16;
export const PAYLOAD_CIPHER = 'aes-256-gcm';

/**
 * The AES-256 key of a host from its base64 `traffickeypublic`; undefined when the text is not base64 of at
 * least 32 bytes (such a host cannot receive sealed messages).
 */
export function payloadKeyFromTrafficKey(trafficKey: string | null | undefined): Uint8Array | undefined {
  if (!trafficKey || !/^[A-Za-z0-9+/]*={0,2}$/.test(trafficKey) || trafficKey.length % 4 !== 0)
    return undefined;
  let binary: string;
  try {
    binary = atob(trafficKey);
  } catch {
    return undefined;
  }
  if (binary.length < PAYLOAD_KEY_BYTES) return undefined;
  return Uint8Array.from(binary.slice(0, PAYLOAD_KEY_BYTES), (char) => char.charCodeAt(0));
}
