import type { NetworkWire } from '@meshdeck/contracts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeRole } from './fixtures.ts';
import { makeToken, nowSeconds } from './render-app.tsx';

/** Stores a live session for `username` with the given platform role, as a real sign-in would. */
export function storeSignedInSession(platformRoleId = 'super-admin', username = 'admin'): void {
  const isAdmin = platformRoleId === 'super-admin' || platformRoleId === 'admin';
  localStorage.setItem(STORAGE_KEYS.token, makeToken(nowSeconds() + 600));
  localStorage.setItem(STORAGE_KEYS.username, username);
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ username, platformRoleId, isAdmin, canUseDashboard: true }),
  );
  localStorage.setItem(STORAGE_KEYS.userPlatformRole, JSON.stringify(makeRole({ id: platformRoleId })));
}

/** A network as GET networks returns it. */
export function makeNetworkWire(netid: string, overrides: Partial<NetworkWire> = {}): NetworkWire {
  return {
    netid,
    addressrange: '100.70.1.0/24',
    addressrange6: '',
    isipv4: 'yes',
    isipv6: 'no',
    defaultacl: 'yes',
    defaultudpholepunch: 'no',
    defaultkeepalive: 20,
    defaultmtu: 1280,
    defaultlistenport: 51821,
    nodeslastmodified: 1_767_225_600,
    networklastmodified: 1_767_225_600,
    ...overrides,
  };
}

/** GET server/status of a healthy server of the given edition. */
export const makeServerStatus = (isPro = false) => ({
  db_connected: true,
  broker_connected: true,
  is_broker_conn_open: true,
  license_error: '',
  is_pro: isPro,
  trial_end_date: '0001-01-01T00:00:00Z',
  is_on_trial_license: false,
  deployment_mode: 'self-hosted',
  version: '0.30.0',
});

/** The API calls every signed-in page makes, for `networks` on a server of the given edition. */
export function shellRoutes(networks: NetworkWire[], isPro = false) {
  return {
    'GET server/status': () => makeServerStatus(isPro),
    'GET networks': () => networks,
    'GET v1/networks/stats': () => ({
      Code: 200,
      Message: '',
      Response: networks.map((n) => ({ ...n, hosts: 0 })),
    }),
    'GET server/getconfig': () => ({ Version: 'v0.30.0', IsPro: isPro ? 'yes' : 'no' }),
    // The tenant block asks the server's upgrade check; a server without a release feed answers this.
    'GET v1/server/upgrade': () => ({
      enabled: false,
      current_version: 'v0.30.0',
      latest_version: '',
      is_newer: false,
      release_url: '',
      checked_at: '',
      error: '',
    }),
  } as const;
}
