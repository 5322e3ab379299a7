import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { theme } from './theme.ts';

type Variables = Record<string, string>;
const changed = (ours: Variables, base: Variables): Variables =>
  Object.fromEntries(Object.entries(ours).filter(([key, value]) => base[key] !== value));

/**
 * The CSS variables our theme sets beyond Mantine's stylesheet: what MantineProvider injects at run time.
 * theme-variables.css holds them statically for the sign-in page, which renders without the provider
 * (decision 016); theme-variables.test.ts fails when the two drift apart.
 */
export function themeVariablesCss(): string {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  return convertCssVariables(
    {
      variables: changed(ours.variables, base.variables),
      light: changed(ours.light, base.light),
      dark: changed(ours.dark, base.dark),
    },
    ':root',
  );
}
