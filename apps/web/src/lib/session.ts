import type { SessionUser, UserRole } from '@meshdeck/contracts';
import { create } from 'zustand';
import { DEFAULT_ACL_VERSION, DEFAULT_API_PATH } from './constants.ts';
import { isTokenValid } from './jwt.ts';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS, storage } from './storage-keys.ts';

export { isTokenValid } from './jwt.ts';

export interface SessionData {
  token: string | null;
  username: string | null;
  baseUrl: string;
  user: SessionUser | null;
  platformRole: UserRole | null;
  tenantId: string | null;
  tenantName: string | null;
  aclVersion: number;
  activeNetwork: string | null;
}

interface SessionActions {
  signIn: (auth: { token: string; username: string; user: SessionUser; platformRole: UserRole }) => void;
  setActiveNetwork: (networkId: string | null) => void;
  setAclVersion: (version: number) => void;
  /** Forgets the account: resets the state and removes every session key from storage. */
  clear: () => void;
}

export type SessionState = SessionData & SessionActions;

const emptySession: SessionData = {
  token: null,
  username: null,
  baseUrl: DEFAULT_API_PATH,
  user: null,
  platformRole: null,
  tenantId: null,
  tenantName: null,
  aclVersion: DEFAULT_ACL_VERSION,
  activeNetwork: null,
};

function readStoredSession(): SessionData {
  const aclVersion = Number(storage.get(STORAGE_KEYS.aclVersion));
  return {
    token: storage.get(STORAGE_KEYS.token),
    username: storage.get(STORAGE_KEYS.username),
    baseUrl: storage.get(STORAGE_KEYS.baseUrl) ?? DEFAULT_API_PATH,
    user: storage.readJson<SessionUser>(STORAGE_KEYS.user),
    platformRole: storage.readJson<UserRole>(STORAGE_KEYS.userPlatformRole),
    tenantId: storage.get(STORAGE_KEYS.tenantId),
    tenantName: storage.get(STORAGE_KEYS.tenantName),
    aclVersion: Number.isInteger(aclVersion) && aclVersion > 0 ? aclVersion : DEFAULT_ACL_VERSION,
    activeNetwork: storage.get(STORAGE_KEYS.activeNetwork),
  };
}

/** Mirrors the state into one storage key per field; defaults are removed so a cleared session leaves no keys. */
function writeSession(state: SessionData): void {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  storage.set(STORAGE_KEYS.token, state.token);
  storage.set(STORAGE_KEYS.username, state.username);
  storage.set(STORAGE_KEYS.baseUrl, state.baseUrl === DEFAULT_API_PATH ? null : state.baseUrl);
  storage.set(STORAGE_KEYS.user, json(state.user));
  storage.set(STORAGE_KEYS.userPlatformRole, json(state.platformRole));
  storage.set(STORAGE_KEYS.tenantId, state.tenantId);
  storage.set(STORAGE_KEYS.tenantName, state.tenantName);
  storage.set(
    STORAGE_KEYS.aclVersion,
    state.aclVersion === DEFAULT_ACL_VERSION ? null : String(state.aclVersion),
  );
  storage.set(STORAGE_KEYS.activeNetwork, state.activeNetwork);
}

/** The session store: the only owner of the token and the signed-in user. */
export const useSession = create<SessionState>()((set) => ({
  ...readStoredSession(),
  signIn: ({ token, username, user, platformRole }) => set({ token, username, user, platformRole }),
  setActiveNetwork: (activeNetwork) => set({ activeNetwork }),
  setAclVersion: (aclVersion) => set({ aclVersion }),
  clear: () => {
    set({ ...emptySession });
    // Also drops keys the store does not mirror (profile, RAC banner, hosted-mode tokens).
    for (const key of SESSION_STORAGE_KEYS) storage.set(key, null);
  },
}));

useSession.subscribe((state, previous) => {
  if (state !== previous) writeSession(state);
});

/** Re-reads storage into the store; tests and a second tab's login use it. */
export function reloadSessionFromStorage(): void {
  useSession.setState(readStoredSession());
}

/** Protected pages require a live token, a known user and role, and an API base URL (spec §2 routing rules). */
export function isSessionReady(session: SessionData, now: number = Date.now()): boolean {
  return (
    isTokenValid(session.token, now) &&
    session.user !== null &&
    session.platformRole !== null &&
    session.baseUrl !== ''
  );
}
