import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { brandCssVariables } from '@meshdeck/contracts/branding-colors';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from './theme-css.ts';
import { brandTheme } from './theme.ts';

const normalize = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
// Read from disk: the component project's CSS handling turns a `?raw` import of a stylesheet into ''.
const cssFile = ['apps/web/src/theme-variables.css', 'src/theme-variables.css']
  .map((file) => path.resolve(process.cwd(), file))
  .find((file) => fs.existsSync(file));

describe('theme-variables.css', () => {
  it('when compared with what MantineProvider injects for theme.ts, then it declares the same variables', () => {
    expect(cssFile).toBeDefined();
    // On a mismatch, regenerate the file from themeVariablesCss() (see its header).
    expect(normalize(fs.readFileSync(cssFile ?? '', 'utf8'))).toBe(normalize(themeVariablesCss()));
  });
});

describe('brandCssVariables (what the server writes into index.html for a branding)', () => {
  const resolve = (colors: { light: string; dark: string }) =>
    defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, brandTheme({ colors })));

  it.each([
    { light: '#513dd1', dark: '#a298e7' },
    { light: '#0a7f3b', dark: '#7fe0a6' },
    { light: '#ffcc00', dark: '#1a237e' },
    { light: '#000000', dark: '#ffffff' },
  ])(
    'when the colours are $light and $dark, then every variable equals what MantineProvider sets',
    (colors) => {
      const ours = brandCssVariables(colors);
      const resolved = resolve(colors);
      const mantine = resolved as unknown as Record<'light' | 'dark' | 'variables', Record<string, string>>;
      for (const scheme of ['light', 'dark'] as const) {
        const expected = Object.fromEntries(
          Object.keys(ours[scheme]).map((name) => [name, mantine[scheme][name] ?? mantine.variables[name]]),
        );
        expect(ours[scheme]).toEqual(expected);
      }
      expect(ours.light['--mantine-color-brand-6']).toBe(colors.light);
      expect(ours.dark['--mantine-color-brand-4']).toBe(colors.dark);
    },
  );
});
