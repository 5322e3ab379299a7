import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { licenseKeyPair, licensePayload, signLicense } from '../../../test/license-factories.ts';
import { loadConfig } from '../../config.ts';
import { LICENSE_PUBLIC_KEY_PEM } from './license-public-key.ts';
import { LICENSE_CLOCK_SKEW_MS, ed25519PublicKey, verifyLicenseToken } from './license-token.ts';

const { privateKey, publicKeyPem } = licenseKeyPair();
const publicKey = ed25519PublicKey(publicKeyPem);
const now = new Date();

describe('verifyLicenseToken', () => {
  it('-> when the token is signed by the trusted key and unexpired, accepts it with its limits', () => {
    const token = signLicense(licensePayload({ limits: { hosts: 5, users: null, networks: 2 } }), privateKey);
    const verdict = verifyLicenseToken(token, publicKey, now);
    expect(verdict).toMatchObject({
      ok: true,
      payload: { customer: 'Test Customer', limits: { hosts: 5, users: null, networks: 2 } },
    });
  });

  it('-> when another key signed it, refuses it as forged', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const verdict = verifyLicenseToken(signLicense(licensePayload(), other), publicKey, now);
    expect(verdict).toMatchObject({ ok: false, reason: 'forged' });
    expect(verdict.ok || verdict.message).toMatch(/signature is invalid/);
  });

  it('-> when the payload was altered after signing (a raised limit), refuses it as forged', () => {
    const [prefix, , signature] = signLicense(licensePayload({ limits: { hosts: 1 } }), privateKey).split(
      '.',
    );
    const raised = Buffer.from(JSON.stringify(licensePayload({ limits: { hosts: 1000 } }))).toString(
      'base64url',
    );
    const verdict = verifyLicenseToken(`${prefix}.${raised}.${signature}`, publicKey, now);
    expect(verdict).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('-> when it expired, refuses it and names the day', () => {
    const token = signLicense(
      licensePayload({ issued_at: '2025-01-31T00:00:00Z', expires_at: '2026-01-31T00:00:00Z' }),
      privateKey,
    );
    expect(verifyLicenseToken(token, publicKey, new Date('2026-02-01T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
      message: 'license expired on 2026-01-31',
    });
    expect(verifyLicenseToken(token, publicKey, new Date('2026-01-30T00:00:00Z')).ok).toBe(true);
  });

  it('-> when it is issued later than the clock plus the allowed skew, refuses it as not valid yet', () => {
    const issuedAt = new Date(now.getTime() + LICENSE_CLOCK_SKEW_MS + 60_000).toISOString();
    const verdict = verifyLicenseToken(
      signLicense(licensePayload({ issued_at: issuedAt }), privateKey),
      publicKey,
      now,
    );
    expect(verdict).toEqual({
      ok: false,
      reason: 'not-yet-valid',
      message: `license is not valid yet: it is issued at ${issuedAt}, later than this server's clock; check the clock`,
    });
  });

  it('-> when it is issued slightly after the clock (within the allowed skew), accepts it', () => {
    const issuedAt = new Date(now.getTime() + LICENSE_CLOCK_SKEW_MS - 60_000).toISOString();
    const token = signLicense(licensePayload({ issued_at: issuedAt }), privateKey);
    expect(verifyLicenseToken(token, publicKey, now).ok).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not our format', 'eyJhbGciOiJFZERTQSJ9.e30.c2ln'],
    ['two parts', 'meshdeck-license-v1.abc'],
    ['not base64url', 'meshdeck-license-v1.a+b/c.d=='],
    ['a short signature', 'meshdeck-license-v1.e30.c2ln'],
  ])('-> when the token is malformed (%s), refuses it as malformed', (_name, token) => {
    const verdict = verifyLicenseToken(token, publicKey, now);
    expect(verdict).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verdict.ok || verdict.message).toMatch(/^license key is malformed: /);
  });

  it('-> when a signed payload lacks a field, refuses it as malformed naming the field', () => {
    const { customer: _omitted, ...withoutCustomer } = licensePayload();
    const verdict = verifyLicenseToken(signLicense(withoutCustomer, privateKey), publicKey, now);
    expect(verdict.ok || verdict.message).toMatch(/malformed: customer/);
  });

  it('-> the shipped public key is an Ed25519 key and does not trust a test-signed licence', () => {
    const shipped = ed25519PublicKey(LICENSE_PUBLIC_KEY_PEM);
    expect(verifyLicenseToken(signLicense(licensePayload(), privateKey), shipped, now)).toMatchObject({
      ok: false,
      reason: 'forged',
    });
  });
});

describe('licence configuration', () => {
  it('-> LICENSE_TEST_PUBLIC_KEY outside NODE_ENV=test is a start-up error, so production trusts only the shipped key', () => {
    expect(() => loadConfig({ LICENSE_TEST_PUBLIC_KEY: publicKeyPem })).toThrow(/LICENSE_TEST_PUBLIC_KEY/);
    expect(
      loadConfig({ LICENSE_TEST_PUBLIC_KEY: publicKeyPem, NODE_ENV: 'test' }).license.testPublicKey,
    ).toBe(publicKeyPem.trim());
  });

  it('-> LICENSE_KEY and LICENSE_FILE together are a start-up error', () => {
    expect(() => loadConfig({ LICENSE_KEY: 'x', LICENSE_FILE: '/tmp/licence' })).toThrow(
      /LICENSE_KEY, LICENSE_FILE/,
    );
  });
});

describe('scripts/issue-license.mjs', () => {
  it('-> issues a token the server accepts with the matching public key, with the limits asked for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-issue-'));
    const keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const args = ['--key', keyFile, '--customer', 'Acme', '--days', '30', '--hosts', '7', '--networks', '2'];
    const script = path.resolve(import.meta.dirname, '../../../../../scripts/issue-license.mjs');
    const token = execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' }).trim();
    fs.rmSync(dir, { recursive: true, force: true });
    const verdict = verifyLicenseToken(token, publicKey, now);
    expect(verdict).toMatchObject({
      ok: true,
      payload: { customer: 'Acme', limits: { hosts: 7, users: null, networks: 2 } },
    });
    expect(
      verifyLicenseToken(token, publicKey, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000)),
    ).toMatchObject({ ok: false, reason: 'expired' });
  });
});
