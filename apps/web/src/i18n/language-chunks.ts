import type { ResourceKey } from 'i18next';
import { DEFAULT_LANGUAGE } from '@/lib/constants.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';

type LanguageCode = 'en' | 'fr' | 'de';
type LanguageModule = Promise<{ default: Record<string, ResourceKey> }>;

/**
 * Every language is its own chunk and only the active one loads: a French visitor never downloads English.
 * Kept apart from i18n/index.ts (and i18next) so the tiny entry can start the download before the app runs.
 */
export const languageChunks: Record<LanguageCode, () => LanguageModule> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
};

// The namespaces of the pages a deep link can start early (main.tsx): the same chunks i18n/index.ts loads later,
// so the second request finds them in the module cache.
const deepLinkNamespaces = import.meta.glob<{ default: ResourceKey }>('./{devices,nodes,routing}/*.json');

/** Starts downloading `namespaces` in `language` (decision 044). */
export const earlyNamespaces = (namespaces: string[], language: LanguageCode): Promise<unknown> =>
  Promise.all(
    namespaces.flatMap((namespace) => deepLinkNamespaces[`./${namespace}/${language}.json`]?.() ?? []),
  );

const isLanguageCode = (value: unknown): value is LanguageCode =>
  value === 'en' || value === 'fr' || value === 'de';

/** The language `username` chose in the console (user menu or profile), if any; kept per user in this browser. */
export function userLanguage(username: string | null): LanguageCode | null {
  if (!username) return null;
  const chosen = storage.readJson<Record<string, unknown>>(STORAGE_KEYS.userLanguages)?.[username];
  return isLanguageCode(chosen) ? chosen : null;
}

/** Remembers `language` as the choice of `username`. */
export function rememberUserLanguage(username: string, language: LanguageCode): void {
  const chosen = storage.readJson<Record<string, unknown>>(STORAGE_KEYS.userLanguages) ?? {};
  if (chosen[username] === language) return;
  storage.set(STORAGE_KEYS.userLanguages, JSON.stringify({ ...chosen, [username]: language }));
}

/** The language to start in: the signed-in user's own choice, else the one this browser used last, else the default. */
export function storedLanguage(): LanguageCode {
  const stored = storage.get(STORAGE_KEYS.language);
  return (
    userLanguage(storage.get(STORAGE_KEYS.username)) ?? (isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE)
  );
}
