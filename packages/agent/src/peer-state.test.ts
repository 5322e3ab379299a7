import type { PeerConfig } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { applyPeerUpdate, diffPeers, fromPeerConfig } from './peer-state.ts';

const keyOf = (n: number) => Array<number>(32).fill(n);
const b64 = (n: number) => Buffer.alloc(32, n).toString('base64');
const config = (n: number, overrides: Partial<PeerConfig> = {}): PeerConfig => ({
  PublicKey: keyOf(n),
  Remove: false,
  UpdateOnly: false,
  PresharedKey: null,
  Endpoint: { IP: `203.0.113.${n}`, Port: 51821, Zone: '' },
  PersistentKeepaliveInterval: 20_000_000_000,
  ReplaceAllowedIPs: true,
  AllowedIPs: [{ IP: `10.0.0.${n}`, Mask: '/////w==' }],
  ...overrides,
});

describe('fromPeerConfig', () => {
  it('when given the wire form, returns base64 key, ip:port endpoint, CIDR allowed IPs and keepalive seconds', () => {
    expect(fromPeerConfig(config(2))).toEqual({ publicKey: b64(2), endpoint: '203.0.113.2:51821', allowedIps: ['10.0.0.2/32'], keepaliveSeconds: 20 });
  });
  it('when the endpoint is IPv6 or missing, brackets it or leaves it out', () => {
    expect(fromPeerConfig(config(3, { Endpoint: { IP: 'fd00::3', Port: 1, Zone: '' } })).endpoint).toBe('[fd00::3]:1');
    expect(fromPeerConfig(config(3, { Endpoint: null })).endpoint).toBeUndefined();
  });
});

describe('applyPeerUpdate', () => {
  it('when the update replaces, keeps only its peers', () => {
    const before = applyPeerUpdate(new Map(), [config(1), config(2)], true);
    expect([...applyPeerUpdate(before, [config(3)], true).keys()]).toEqual([b64(3)]);
  });
  it('when the update is a delta, adds, updates and removes single peers', () => {
    const before = applyPeerUpdate(new Map(), [config(1), config(2)], true);
    const after = applyPeerUpdate(before, [config(2, { Remove: true, AllowedIPs: [] }), config(3), config(1, { AllowedIPs: [{ IP: '10.0.0.9', Mask: '/////w==' }] })], false);
    expect([...after.keys()].sort()).toEqual([b64(1), b64(3)].sort());
    expect(after.get(b64(1))?.allowedIps).toEqual(['10.0.0.9/32']);
    expect(before.size).toBe(2);
  });
});

describe('diffPeers', () => {
  it('when tables differ, lists removed keys and changed or new peers only', () => {
    const before = applyPeerUpdate(new Map(), [config(1), config(2)], true);
    const after = applyPeerUpdate(before, [config(2, { Remove: true }), config(3)], false);
    expect(diffPeers(before, after)).toEqual({ removed: [b64(2)], upserted: [fromPeerConfig(config(3))] });
  });
});
