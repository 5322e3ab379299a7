import i18next, { type BackendModule, type InterpolationOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { branding, onBrandingChange } from '@/lib/branding.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';
import { languageChunks, rememberUserLanguage, storedLanguage } from './language-chunks.ts';

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/**
 * The namespaces every page needs, loaded at start from i18n/<lang>.json: the spec's groups (spec §3 "Other") and
 * the shell's. Feature namespaces are not here: they load with their routes (decision 044).
 */
export const NAMESPACES = ['common', 'auth', 'signin', 'error', 'info', 'shell', 'pages'] as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

const loaders = languageChunks;

type FeatureModule = { default: Record<string, unknown> };
/**
 * Feature namespaces: i18n/<namespace>/<language>.json, one chunk per namespace and language, downloaded with the
 * route that needs it (routes/lazy-page.ts starts it beside the page's code; useTranslation suspends until then
 * for anything rendered elsewhere). Not in NAMESPACES, which load at start from the per-language file. A new
 * feature namespace is a new folder here, found by this glob; decision 044.
 */
const featureFiles = import.meta.glob<FeatureModule>('./*/*.json');

/** The chunk of `namespace` in `language`, if it is a feature namespace. */
const featureChunk = (namespace: string, language: Language) =>
  featureFiles[`./${namespace}/${language}.json`];

/** The feature namespaces (folders under i18n/), for tests and tools that need every string. */
export const FEATURE_NAMESPACES = [
  ...new Set(Object.keys(featureFiles).map((file) => file.split('/')[1] ?? '')),
].filter(Boolean);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `over`'s keys laid on top, nested objects merged rather than replaced. */
export function mergeKeys(base: unknown, over: Record<string, unknown>): Record<string, unknown> {
  if (!isObject(base)) return over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    merged[key] = isObject(value) && isObject(merged[key]) ? mergeKeys(merged[key], value) : value;
  }
  return merged;
}

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    const fail = (error: unknown) =>
      callback(error instanceof Error ? error : new Error(String(error)), null);
    const feature = featureChunk(namespace, language);
    if (feature) {
      // Compatibility: keys someone added under this namespace in the old per-language file (already loaded at
      // start) still show until they are moved into the namespace's own file.
      Promise.all([feature(), loaders[language]()]).then(
        ([own, whole]) => callback(null, mergeKeys(whole.default[namespace], own.default) as ResourceKey),
        fail,
      );
      return;
    }
    loaders[language]().then((module) => callback(null, module.default[namespace] ?? {}), fail);
  },
};

/** Starts downloading `namespaces` in the active language; resolves when they are ready (or failed: the page
 * then shows its keys rather than never appearing). */
export function loadTranslations(namespaces: readonly string[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]).catch(() => undefined);
}

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
  // A branding saved in this console renames the product in every text at once (issue 39): the interpolator
  // takes the new default, and a language change event re-renders every translated component.
  onBrandingChange((next) => {
    const interpolation = {
      ...i18next.options.interpolation,
      defaultVariables: { product: next.productName },
    };
    i18next.options.interpolation = interpolation;
    // At run time init reads the whole options object's `interpolation` (i18next's Interpolator), as at start.
    const options = { ...i18next.options, interpolation } as unknown as InterpolationOptions;
    i18next.services.interpolator.init(options, false);
    i18next.emit('languageChanged', i18next.language);
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
      // {{product}} in any string is the branding's product name (spec §1 white-label), no caller passes it.
      interpolation: { escapeValue: false, defaultVariables: { product: branding().productName } },
      returnNull: false,
    });
}

export { i18next };
