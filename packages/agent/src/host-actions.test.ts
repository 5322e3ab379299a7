import { describe, expect, it } from 'vitest';
import { rotateKeys } from './host-actions.ts';
import type { AgentState } from './state.ts';

const state = (): AgentState => ({
  server: 'http://127.0.0.1:1',
  hostId: '00000000-0000-4000-8000-000000000001',
  hostPassword: 'secret',
  privateKey: 'old-private',
  publicKey: 'old-public',
  trafficKey: 'traffic',
  interfaceName: 'meshdeck',
  listenPort: 51821,
  name: 'alpha',
});

describe('rotateKeys (host action UPDATE_KEYS)', () => {
  it('-> when the server accepts the key, saves the new pair, then reports its public half, then applies it', async () => {
    const current = state();
    const steps: string[] = [];
    const outcome = await rotateKeys(current, {
      persist: (s) => steps.push(`persist ${s.publicKey}`),
      report: (key) => Promise.resolve(void steps.push(`report ${key}`)),
      apply: () => Promise.resolve(void steps.push('apply')),
    });
    expect(outcome.reported).toBe(true);
    expect(current.publicKey).not.toBe('old-public');
    expect(Buffer.from(current.privateKey, 'base64')).toHaveLength(32);
    expect(steps).toEqual([`persist ${current.publicKey}`, `report ${current.publicKey}`, 'apply']);
  });

  it('-> when the report fails, still applies the saved key and returns the error (the next check-in reports it)', async () => {
    const current = state();
    let applied = false;
    const outcome = await rotateKeys(current, {
      persist: () => undefined,
      report: () => Promise.reject(new Error('PUT http://x/api/v1/fallback/host/1: fetch failed')),
      apply: () => Promise.resolve(void (applied = true)),
    });
    expect(outcome.reported).toBe(false);
    expect(String(outcome.error)).toContain('fetch failed');
    expect(applied).toBe(true);
    expect(current.publicKey).not.toBe('old-public');
  });
});
