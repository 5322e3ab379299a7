import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from './theme-css.ts';

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
