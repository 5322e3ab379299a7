import fs from 'node:fs';
import type { Plugin } from 'vite';

/** A Mantine component's CSS-module file: `@mantine/core/esm/<...>/<Name>.module.mjs`. */
const MANTINE_CSS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * The console imports Mantine's stylesheets per component (src/mantine-components.css) instead of the whole
 * styles.css. This check fails the build when the bundle holds a Mantine component whose stylesheet is not
 * imported there, so a new component can never render unstyled; the message names the line to add.
 */
export function mantineStylesCheck(stylesheet: string): Plugin {
  return {
    name: 'meshdeck-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imported = fs.readFileSync(stylesheet, 'utf8');
      const bundled = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const name = MANTINE_CSS_MODULE.exec(id)?.[1];
          if (name) bundled.add(name);
        }
      }
      const missing = [...bundled].filter(
        (name) => !imported.includes(`@mantine/core/styles/${name}.layer.css`),
      );
      if (missing.length > 0) {
        this.error(
          `Mantine components bundled without their stylesheet; add to ${stylesheet} (in Mantine's order): ` +
            missing.map((name) => `@import '@mantine/core/styles/${name}.layer.css';`).join(' '),
        );
      }
    },
  };
}
