import { DEFAULT_BRAND_COLORS } from '@meshdeck/contracts/branding-colors';

/**
 * The branding in effect (issue 33, decision 042), which the server writes into index.html as JSON in a meta
 * element (apps/server/src/modules/branding/branding-page.ts) together with the title, favicon, splash and the
 * primary colour's CSS variables: the first screen gets it with no request and no code beyond this file. Plain
 * checks rather than zod (the boot chunk carries no schema library); anything missing or malformed counts as
 * spec §9's defaults, as does a console not served by a Meshdeck server (the Vite dev server, a test).
 */
export interface ConsoleBranding {
  productName: string;
  colors: { light: string; dark: string };
  logoLight: string | null;
  logoDark: string | null;
  favicon: string | null;
  isCustom: boolean;
}

export const BRANDING_META_NAME = 'meshdeck-branding';
export const DEFAULT_PRODUCT_NAME = 'Meshdeck';

export const DEFAULT_CONSOLE_BRANDING: ConsoleBranding = {
  productName: DEFAULT_PRODUCT_NAME,
  colors: { ...DEFAULT_BRAND_COLORS },
  logoLight: null,
  logoDark: null,
  favicon: null,
  isCustom: false,
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const color = (value: unknown, fallback: string) =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback;
/** Only the server's own image route is taken as an image address. */
const imageUrl = (value: unknown) => {
  const url = isObject(value) ? value.url : undefined;
  return typeof url === 'string' && url.startsWith('/api/v1/branding/images/') ? url : null;
};

/** The branding out of the meta element's JSON (the wire shape of GET /api/v1/branding). */
export function parseBranding(content: string | null | undefined): ConsoleBranding {
  if (!content) return DEFAULT_CONSOLE_BRANDING;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return DEFAULT_CONSOLE_BRANDING;
  }
  if (!isObject(raw)) return DEFAULT_CONSOLE_BRANDING;
  const name = typeof raw.product_name === 'string' ? raw.product_name.trim().slice(0, 64) : '';
  return {
    productName: name || DEFAULT_PRODUCT_NAME,
    colors: {
      light: color(raw.primary_color_light, DEFAULT_BRAND_COLORS.light),
      dark: color(raw.primary_color_dark, DEFAULT_BRAND_COLORS.dark),
    },
    logoLight: imageUrl(raw.logo_light),
    logoDark: imageUrl(raw.logo_dark),
    favicon: imageUrl(raw.favicon),
    isCustom: raw.is_custom === true,
  };
}

let current: ConsoleBranding | undefined;
const listeners = new Set<(next: ConsoleBranding) => void>();

/** The branding in effect: the page's own at first, then whatever this console last saved (applyBranding). */
export function branding(): ConsoleBranding {
  current ??= parseBranding(
    typeof document === 'undefined'
      ? undefined
      : document.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.getAttribute('content'),
  );
  return current;
}

/** The logo for a colour scheme, falling back to the other scheme's; null means the built-in mark. */
export function brandLogo(scheme: 'light' | 'dark', from: ConsoleBranding = branding()): string | null {
  return scheme === 'dark' ? (from.logoDark ?? from.logoLight) : (from.logoLight ?? from.logoDark);
}

/**
 * Puts a just-saved branding in effect in this console without a reload (issue 39): the product name in every
 * text, the theme's colours and the logos follow, through the listeners (i18n, MantineRoot, the sidebar).
 */
export function applyBranding(next: ConsoleBranding): void {
  current = next;
  for (const listener of listeners) listener(next);
}

/** Calls `listener` on each applied branding; returns the unsubscribe. */
export function onBrandingChange(listener: (next: ConsoleBranding) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the branding read (tests that change the meta element). */
export function resetBrandingForTests(): void {
  current = undefined;
}
