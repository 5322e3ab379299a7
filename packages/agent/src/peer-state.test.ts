import type { PeerConfig } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { applyPeerUpdate, diffPeers, fromPeerConfig, syncStep } from './peer-state.ts';

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
    expect(fromPeerConfig(config(2))).toEqual({
      publicKey: b64(2),
      endpoint: '203.0.113.2:51821',
      allowedIps: ['10.0.0.2/32'],
      keepaliveSeconds: 20,
    });
  });
  it('when the endpoint is IPv6 or missing, brackets it or leaves it out', () => {
    expect(fromPeerConfig(config(3, { Endpoint: { IP: 'fd00::3', Port: 1, Zone: '' } })).endpoint).toBe(
      '[fd00::3]:1',
    );
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
    const after = applyPeerUpdate(
      before,
      [
        config(2, { Remove: true, AllowedIPs: [] }),
        config(3),
        config(1, { AllowedIPs: [{ IP: '10.0.0.9', Mask: '/////w==' }] }),
      ],
      false,
    );
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

describe('syncStep', () => {
  const at = { epoch: 'e1', version: 4 };
  it('when a delta builds on the version the table is at, applies it', () => {
    expect(syncStep(at, { epoch: 'e1', version: 5, base: 4 }, false)).toBe('apply');
  });
  it('when a delta builds on a version the agent never saw (a missed message), pulls in full', () => {
    expect(syncStep(at, { epoch: 'e1', version: 7, base: 6 }, false)).toBe('pull');
  });
  it('when the server restarted (new epoch) or the agent has no version yet, a delta triggers a pull', () => {
    expect(syncStep(at, { epoch: 'e2', version: 1, base: 0 }, false)).toBe('pull');
    expect(syncStep(undefined, { epoch: 'e1', version: 1, base: 0 }, false)).toBe('pull');
  });
  it('when an update is not newer than the table (a pull overtook it), skips it', () => {
    expect(syncStep(at, { epoch: 'e1', version: 4, base: 3 }, false)).toBe('skip');
    expect(syncStep(at, { epoch: 'e1', version: 3, base: null }, true)).toBe('skip');
  });
  it('when a full list is newer or from a new epoch, or the update has no version, applies it', () => {
    expect(syncStep(at, { epoch: 'e1', version: 9, base: null }, true)).toBe('apply');
    expect(syncStep(at, { epoch: 'e2', version: 1, base: null }, true)).toBe('apply');
    expect(syncStep(at, undefined, false)).toBe('apply');
  });
});
