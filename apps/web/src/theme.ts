import { createTheme, localStorageColorSchemeManager, virtualColor } from '@mantine/core';
import { BRAND_SHADES, brandPalettes } from '@meshdeck/contracts/branding-colors';
import { branding, type ConsoleBranding } from './lib/branding.ts';
import { STORAGE_KEYS } from './lib/storage-keys.ts';

/**
 * The theme for a branding: the primary colour `brand` is a virtual colour, one palette per scheme built around
 * that scheme's branding colour (spec §9 defaults #513DD1 light, at shade 6, and #A298E7 dark, at shade 4, keep
 * the hand-made palette). The server writes the same palettes' CSS variables into index.html for the pages drawn
 * without Mantine's provider (packages/contracts/src/branding-colors.ts; theme-variables.test.ts compares them).
 */
export function brandTheme(from: Pick<ConsoleBranding, 'colors'>) {
  const palettes = brandPalettes(from.colors);
  return createTheme({
    primaryColor: 'brand',
    colors: {
      brandLight: palettes.light,
      brandDark: palettes.dark,
      brand: virtualColor({ name: 'brand', light: 'brandLight', dark: 'brandDark' }),
    },
    primaryShade: BRAND_SHADES,
    // The dark-theme primary is a light lavender, so filled buttons need dark text to stay readable.
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
}

export const theme = brandTheme(branding());

/** The theme preference lives under our own key so logout and the storage constants stay in one place. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
