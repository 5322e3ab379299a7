import { describe, expect, it } from 'vitest';
import { licenseKeyPair, licensePayload, signLicense } from '../../../test/license-factories.ts';
import { ed25519PublicKey } from './license-token.ts';
import type { LicensesRepository } from './licenses.repository.ts';
import { LicensesService, TRIAL_ENDED } from './licenses.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const keys = licenseKeyPair();
const publicKey = ed25519PublicKey(keys.publicKeyPem);

/** A repository whose stored trial start is `stored` (or the first start's `now` when unset). */
const repository = (stored?: string, counts: Record<string, number> = {}) =>
  ({
    trialStartedAt: async (now: Date) => stored ?? now.toISOString(),
    count: async (kind: string) => counts[kind] ?? 0,
    hostExists: async () => false,
  }) as unknown as LicensesRepository;

describe('LicensesService', () => {
  it('-> a running trial ends at its end date without a restart, with the spec wording', async () => {
    let now = new Date('2026-11-01T00:00:00Z');
    const service = new LicensesService(
      true,
      { key: undefined, file: undefined },
      publicKey,
      repository(),
      () => now,
    );
    await service.load();
    expect(service.status()).toEqual({
      isPro: true,
      licenseError: '',
      isOnTrial: true,
      trialEndDate: '2026-11-15T00:00:00.000Z',
    });
    now = new Date('2026-11-14T23:59:59Z');
    expect(service.status().licenseError).toBe('');
    now = new Date('2026-11-15T00:00:00Z');
    expect(service.status().licenseError).toBe(TRIAL_ENDED);
  });

  it('-> a stored trial start that is not a time counts as an ended trial, never as an endless one', async () => {
    const service = new LicensesService(
      true,
      { key: undefined, file: undefined },
      publicKey,
      repository('garbage'),
    );
    await service.load();
    expect(service.status()).toMatchObject({ licenseError: TRIAL_ENDED, isOnTrial: true });
  });

  it('-> a licence that expires while the server runs is refused from that moment', async () => {
    let now = new Date('2026-11-01T00:00:00Z');
    const token = signLicense(
      licensePayload({ issued_at: '2026-10-01T00:00:00Z', expires_at: '2026-11-02T00:00:00Z' }),
      keys.privateKey,
    );
    const service = new LicensesService(
      true,
      { key: token, file: undefined },
      publicKey,
      repository(),
      () => now,
    );
    await service.load();
    expect(service.status()).toMatchObject({ licenseError: '', isOnTrial: false });
    now = new Date(now.getTime() + 2 * DAY_MS);
    expect(service.status().licenseError).toBe('license expired on 2026-11-02');
  });

  it('-> limits: room below the limit, a 403 naming the limit at it, none for an unlimited kind or on a trial', async () => {
    const token = signLicense(licensePayload({ limits: { networks: 2, hosts: null } }), keys.privateKey);
    const licensed = (counts: Record<string, number>) =>
      new LicensesService(true, { key: token, file: undefined }, publicKey, repository(undefined, counts));
    const below = licensed({ networks: 1 });
    await below.load();
    await expect(below.assertRoom('networks')).resolves.toBeUndefined();
    const at = licensed({ networks: 2, hosts: 10_000 });
    await at.load();
    await expect(at.assertRoom('networks')).rejects.toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/at most 2 networks and 2 exist/),
    });
    await expect(at.assertRoom('hosts')).resolves.toBeUndefined();
    const trial = new LicensesService(
      true,
      { key: undefined, file: undefined },
      publicKey,
      repository(undefined, { networks: 99 }),
    );
    await trial.load();
    await expect(trial.assertRoom('networks')).resolves.toBeUndefined();
  });

  it('-> on community, no trial starts and nothing is stored', async () => {
    let asked = false;
    const repo = { trialStartedAt: async () => ((asked = true), '') } as unknown as LicensesRepository;
    const service = new LicensesService(false, { key: undefined, file: undefined }, publicKey, repo);
    await service.load();
    expect(asked).toBe(false);
    expect(service.status()).toMatchObject({ isPro: false, licenseError: '', isOnTrial: false });
  });
});
