import { describe, expect, it } from 'vitest';
import { payloadKeyFromTrafficKey } from './payload-key.ts';

describe('payloadKeyFromTrafficKey', () => {
  it('-> when the traffic key is base64 of 32 bytes or more, returns its first 32 bytes', () => {
    const bytes = Uint8Array.from({ length: 40 }, (_, i) => i);
    const key = payloadKeyFromTrafficKey(Buffer.from(bytes).toString('base64'));
    expect(key && [...key]).toEqual([...bytes.slice(0, 32)]);
  });

  it('-> when the traffic key is missing, not base64 or shorter than 32 bytes, returns undefined', () => {
    expect(payloadKeyFromTrafficKey(null)).toBeUndefined();
    expect(payloadKeyFromTrafficKey('')).toBeUndefined();
    expect(payloadKeyFromTrafficKey('not base64!')).toBeUndefined();
    expect(payloadKeyFromTrafficKey(Buffer.alloc(31).toString('base64'))).toBeUndefined();
  });
});
