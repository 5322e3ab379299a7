import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';
import { languageChunks, rememberUserLanguage, storedLanguage } from './language-chunks.ts';

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The translation groups the spec names (spec §3 "Other"). */
export const NAMESPACES = [
  'common',
  'auth',
  'signin',
  'error',
  'info',
  'shell',
  'networks',
  'pages',
  'devices',
  'keys',
  'nodes',
  'people',
  'remoteAccess',
  'routing',
] as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

const loaders = languageChunks;

type LanguageModule = Promise<{ default: Record<string, unknown> }>;
/**
 * Namespaces kept out of the per-language file that every page loads whole: each is its own chunk per language,
 * downloaded the first time a page asks for it (useTranslation suspends until then). Not in NAMESPACES, which
 * i18next loads at start.
 */
const featureChunks: Record<string, Record<Language, () => LanguageModule>> = {
  access: {
    en: () => import('./access/en.json'),
    fr: () => import('./access/fr.json'),
    de: () => import('./access/de.json'),
  },
  activity: {
    en: () => import('./activity/en.json'),
    fr: () => import('./activity/fr.json'),
    de: () => import('./activity/de.json'),
  },
  palette: {
    en: () => import('./palette/en.json'),
    fr: () => import('./palette/fr.json'),
    de: () => import('./palette/de.json'),
  },
  transfer: {
    en: () => import('./transfer/en.json'),
    fr: () => import('./transfer/fr.json'),
    de: () => import('./transfer/de.json'),
  },
};

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    const feature = featureChunks[namespace]?.[language];
    if (feature) {
      feature().then(
        (module) => callback(null, module.default as ResourceKey),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Starts i18next once; resolves when the chosen language is ready to render. A change is remembered for the
 * browser (the sign-in page starts in it) and, while someone is signed in, as that user's own choice.
 */
export function initI18n(): Promise<unknown> {
  const language: Language = storedLanguage();
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) {
      storage.set(STORAGE_KEYS.language, lng);
      const username = storage.get(STORAGE_KEYS.username);
      if (username && storage.get(STORAGE_KEYS.token)) rememberUserLanguage(username, lng);
    }
    document.documentElement.lang = lng;
  });
  return i18next
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language to download: the three files carry the same keys (languages.test.ts checks).
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

export { i18next };
