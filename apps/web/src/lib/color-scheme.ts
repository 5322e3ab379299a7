import { DEFAULT_THEME } from './constants.ts';
import { STORAGE_KEYS, storage } from './storage-keys.ts';

export type ColorScheme = 'light' | 'dark';

/**
 * The colour scheme without Mantine's provider, for the sign-in page (decision 016). It reads and writes the
 * same storage key and `<html>` attribute as Mantine's colour-scheme manager (theme.ts), so the provider of
 * the other pages starts from the same choice.
 */
export function storedColorScheme(): ColorScheme {
  const stored = storage.get(STORAGE_KEYS.theme) ?? DEFAULT_THEME;
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** Puts the stored scheme on `<html>` before the first page renders (the entry calls it). */
export function applyStoredColorScheme(): void {
  document.documentElement.setAttribute('data-mantine-color-scheme', storedColorScheme());
}

/** Switches the scheme and remembers it. */
export function setColorScheme(scheme: ColorScheme): void {
  storage.set(STORAGE_KEYS.theme, scheme);
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
}
