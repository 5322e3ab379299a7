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

/** The language the visitor chose last time, or the default. */
export function storedLanguage(): LanguageCode {
  const stored = storage.get(STORAGE_KEYS.language);
  return stored === 'en' || stored === 'fr' || stored === 'de' ? stored : DEFAULT_LANGUAGE;
}
