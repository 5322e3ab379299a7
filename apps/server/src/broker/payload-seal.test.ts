import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPayload, payloadKey } from '../../../../packages/agent/src/payload-open.ts';
import { payloadKeyObject, sealPayload } from './payload-seal.ts';

const trafficKey = () => randomBytes(32).toString('base64');

describe('sealPayload (server) and openPayload (agent)', () => {
  it("-> a payload sealed with a host's traffic key opens with that key, small or large", async () => {
    const key = trafficKey();
    for (const text of [
      '{"replace_peers":true}',
      JSON.stringify({ host_peers: Array.from({ length: 5000 }, (_, i) => ({ i })) }),
    ]) {
      const sealed = await sealPayload(payloadKeyObject(key)!, text);
      expect(sealed.includes(Buffer.from(text.slice(0, 16)))).toBe(false);
      expect(openPayload(payloadKey(key), sealed)).toBe(text);
    }
  });

  it("-> another host's key, a flipped bit or a plaintext message is refused", async () => {
    const key = trafficKey();
    const sealed = await sealPayload(payloadKeyObject(key)!, '{"a":1}');
    expect(() => openPayload(payloadKey(trafficKey()), sealed)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    expect(() => openPayload(payloadKey(key), tampered)).toThrow();
    expect(() =>
      openPayload(payloadKey(key), Buffer.from('{"replace_peers":true,"host_peers":[]}')),
    ).toThrow();
  });

  it('-> two seals of the same payload differ (a fresh nonce each time)', async () => {
    const key = payloadKeyObject(trafficKey())!;
    const [a, b] = await Promise.all([sealPayload(key, 'same'), sealPayload(key, 'same')]);
    expect(a.subarray(0, 12).equals(b.subarray(0, 12))).toBe(false);
  });
});
