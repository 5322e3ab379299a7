import { describe, expect, it } from 'vitest';
import {
  accountSiteLinks,
  addVersionPrefix,
  apiBaseOf,
  hostedRewrite,
  readHostedStart,
  stripVersionPrefix,
  versionSyncTarget,
  withoutHostedStart,
} from './hosted.ts';

describe('hosted UI-version prefix', () => {
  it('when a path carries /v0.30.0, then the router sees it without the prefix', () => {
    expect(stripVersionPrefix('/v0.30.0/networks/lab/nodes')).toBe('/networks/lab/nodes');
    expect(stripVersionPrefix('/v0.30.0')).toBe('/');
    expect(stripVersionPrefix('/networks')).toBe('/networks');
    expect(stripVersionPrefix('/v0.30.01/x')).toBe('/v0.30.01/x');
  });

  it('when the router writes a URL, then the prefix is added once', () => {
    expect(addVersionPrefix('/dashboard')).toBe('/v0.30.0/dashboard');
    expect(addVersionPrefix('/v0.30.0/dashboard')).toBe('/v0.30.0/dashboard');
    const url = new URL('http://console.test/v0.30.0/keys?x=1');
    expect(String(hostedRewrite.input?.({ url }))).toBe('http://console.test/keys?x=1');
  });
});

describe('hosted start parameters (spec §2)', () => {
  const search =
    '?backend=https://tenant-1.example.test&token=jwt.value&sToken=acct&tenantId=t-1&tenantName=Acme&username=ada&userId=u-9&isNewTenant=true&tab=x';

  it('when the account site opens the console with them, then all eight are read', () => {
    expect(readHostedStart(search)).toEqual({
      backend: 'https://tenant-1.example.test',
      token: 'jwt.value',
      sToken: 'acct',
      tenantId: 't-1',
      tenantName: 'Acme',
      username: 'ada',
      userId: 'u-9',
      isNewTenant: true,
    });
  });

  it('when the token or the username is missing, then there is no hosted start', () => {
    expect(readHostedStart('?username=ada')).toBeNull();
    expect(readHostedStart('?token=jwt.value')).toBeNull();
    expect(readHostedStart('')).toBeNull();
  });

  it('when they have been read, then the address keeps only the other parameters', () => {
    expect(withoutHostedStart(search)).toBe('?tab=x');
    expect(withoutHostedStart('?token=a&username=b')).toBe('');
  });

  it('when a backend is given, then the API base is its /api; none or a bad one keeps this origin', () => {
    expect(apiBaseOf('https://tenant-1.example.test/')).toBe('https://tenant-1.example.test/api');
    expect(apiBaseOf('')).toBe('/api');
    expect(apiBaseOf('javascript:alert(1)')).toBe('/api');
  });

  it('when an account site is configured, then Manage Account and manage tenant point into it', () => {
    expect(accountSiteLinks('https://account.example.test', 't 1')).toEqual({
      account: 'https://account.example.test',
      manageTenant: 'https://account.example.test/tenants/t%201',
    });
    expect(accountSiteLinks('', 't-1')).toEqual({ account: '', manageTenant: '' });
  });
});

describe('hosted version sync (spec §4)', () => {
  const at = (pathname: string) => ({ pathname, search: '?q=1', hash: '#top' });

  it('when the server runs another version, then the same page under its prefix is the target', () => {
    expect(versionSyncTarget('v0.31.0', at('/v0.30.0/networks/lab/nodes'))).toBe(
      '/v0.31.0/networks/lab/nodes?q=1#top',
    );
    expect(versionSyncTarget('0.31.0', at('/dashboard'))).toBe('/v0.31.0/dashboard?q=1#top');
  });

  it('when the versions match, the version is unknown, or the page already is under it, then nothing reloads', () => {
    expect(versionSyncTarget('v0.30.0', at('/v0.30.0/dashboard'))).toBeNull();
    expect(versionSyncTarget('', at('/dashboard'))).toBeNull();
    expect(versionSyncTarget('not-a-version', at('/dashboard'))).toBeNull();
    expect(versionSyncTarget('v0.31.0', at('/v0.31.0/dashboard'))).toBeNull();
  });
});
