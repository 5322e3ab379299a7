import type { SessionUser } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { makeRole } from '@/test/fixtures.ts';
import { makeToken, nowSeconds } from '@/test/render-app.tsx';
import { decodeJwtPayload, getTokenExpiry } from './jwt.ts';
import { isSessionReady, isTokenValid, reloadSessionFromStorage, useSession } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const user: SessionUser = {
  username: 'admin',
  platformRoleId: 'super-admin',
  isAdmin: true,
  canUseDashboard: true,
};

describe('isTokenValid', () => {
  it('when exp is in the future, then the token is valid', () => {
    expect(isTokenValid(makeToken(nowSeconds() + 60))).toBe(true);
  });

  it('when exp is in the past or exactly now, then the token is invalid', () => {
    const now = Date.now();
    expect(isTokenValid(makeToken(nowSeconds() - 1))).toBe(false);
    expect(isTokenValid(makeToken(Math.floor(now / 1000)), Math.floor(now / 1000) * 1000)).toBe(false);
  });

  it('when the token has no exp, is not a JWT or is empty, then it is invalid', () => {
    const withoutExp = makeToken(0).replace(/\.[^.]+\./, `.${btoa('{"UserName":"a"}')}.`);
    expect(isTokenValid(withoutExp)).toBe(false);
    expect(isTokenValid('not-a-jwt')).toBe(false);
    expect(isTokenValid('a.%%%.c')).toBe(false);
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('')).toBe(false);
  });

  it('when the payload uses base64url characters, then it still decodes', () => {
    const token = makeToken(1_900_000_000, { UserName: 'ü?>~~~' });
    expect(decodeJwtPayload(token)?.UserName).toBe('ü?>~~~');
    expect(getTokenExpiry(token)).toBe(1_900_000_000_000);
  });
});

describe('session store', () => {
  it('when signing in, then every field lands in its own storage key', () => {
    const token = makeToken(nowSeconds() + 3600);
    useSession.getState().signIn({ token, username: 'admin', user, platformRole: makeRole() });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBe('admin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userPlatformRole) ?? 'null')).toMatchObject({
      id: 'super-admin',
    });
    expect(isSessionReady(useSession.getState())).toBe(true);
  });

  it('when the stored token has expired, then the session is not ready even with a user and role', () => {
    localStorage.setItem(STORAGE_KEYS.token, makeToken(nowSeconds() - 10));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.userPlatformRole, JSON.stringify(makeRole()));
    reloadSessionFromStorage();
    expect(useSession.getState().user).toEqual(user);
    expect(isSessionReady(useSession.getState())).toBe(false);
  });

  it('when clearing, then every session key is removed but the theme preference stays', () => {
    useSession
      .getState()
      .signIn({ token: makeToken(nowSeconds() + 60), username: 'admin', user, platformRole: makeRole() });
    localStorage.setItem(STORAGE_KEYS.racBanner, 'seen');
    localStorage.setItem(STORAGE_KEYS.activeNetwork, 'net-1');
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    useSession.getState().clear();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.theme]);
    expect(useSession.getState()).toMatchObject({ token: null, user: null, baseUrl: '/api' });
  });
});
