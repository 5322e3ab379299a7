/**
 * Every local-storage key the console writes, in one place (spec §3 "Session" and "Other"). The prefix keeps
 * our keys apart from anything else served on the same origin.
 */
export const STORAGE_KEYS = {
  token: 'meshdeck.jwt',
  username: 'meshdeck.username',
  baseUrl: 'meshdeck.base-url',
  user: 'meshdeck.user',
  userPlatformRole: 'meshdeck.user-platform-role',
  tenantId: 'meshdeck.tenant-id',
  tenantName: 'meshdeck.tenant-name',
  amuiAuthToken: 'meshdeck.amui-auth-token',
  amuiUserId: 'meshdeck.amui-user-id',
  isNewTenant: 'meshdeck.is-new-tenant',
  profile: 'meshdeck.profile',
  racBanner: 'meshdeck.rac-banner',
  aclVersion: 'meshdeck.acl-version',
  activeNetwork: 'meshdeck.active-network',
  /** Preferences below survive logout: they describe the browser, not the account. */
  theme: 'meshdeck.theme',
  language: 'meshdeck.language',
  /** Each user's chosen language, `{username: language}`: the contract keeps no per-user preference. */
  userLanguages: 'meshdeck.user-languages',
  sidebarCollapsed: 'meshdeck.sidebar-collapsed',
  sidebarWidth: 'meshdeck.sidebar-width',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const PREFERENCE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.theme,
  STORAGE_KEYS.language,
  STORAGE_KEYS.userLanguages,
  STORAGE_KEYS.sidebarCollapsed,
  STORAGE_KEYS.sidebarWidth,
];

/** The keys logout removes: everything tied to the signed-in account (spec §4 "Session"). */
export const SESSION_STORAGE_KEYS: readonly StorageKey[] = Object.values(STORAGE_KEYS).filter(
  (key) => !PREFERENCE_KEYS.includes(key),
);

/** Storage access that never throws: private modes and full quotas must not break sign-in. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply does not survive a reload.
    }
  },
  readJson<T>(key: StorageKey): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
};
