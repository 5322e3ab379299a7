import { createTheme, localStorageColorSchemeManager, type MantineColorsTuple } from '@mantine/core';
import { STORAGE_KEYS } from './lib/storage-keys.ts';

/** Brand violet built around the default branding colours: #513DD1 (light, shade 6) and #A298E7 (dark, shade 4). */
const brand: MantineColorsTuple = [
  '#f2f0fd',
  '#e1ddf8',
  '#c4bcf1',
  '#b2a8ec',
  '#a298e7',
  '#7f6fdf',
  '#513dd1',
  '#4431b3',
  '#382893',
  '#2b1f72',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 6, dark: 4 },
  // The dark-theme primary is a light lavender, so filled buttons need dark text to stay readable.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** The theme preference lives under our own key so logout and the storage constants stay in one place. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
