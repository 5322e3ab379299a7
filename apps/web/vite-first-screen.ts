import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The modules a deep link to a big list page evaluates: the console's own modules its roots (the page, the signed-in
 * shell, the loader's list code) reach through static imports, and the contract modules that define what those
 * import from `@meshdeck/contracts` (with the contract modules these import in turn). The barrel re-exports every
 * contract, so the import graph alone would name them all; the bundler keeps only the modules whose exports are used,
 * and so does this. Collected once the module graph is complete (`buildEnd`); the chunk groups in vite.config.ts read
 * it while chunking, which comes after.
 */
export interface FirstScreenModules {
  plugin: Plugin;
  has: (id: string) => boolean;
}

const APP_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/;
const CONTRACT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!index\.ts$)[^\\/]+\.ts$/;
/** `import { a, type B, c as d } from '@meshdeck/contracts'` (not `import type { ... }`). */
const CONTRACTS_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@meshdeck\/contracts'/g;
const EXPORTED_VALUE = /^export\s+(?:async\s+)?(?:const|let|function|class)\s+([A-Za-z_$][\w$]*)/gm;
const RE_EXPORT = /^export\s+\{([^}]*)\}\s+from\s+'\.\/([^']+)'/gm;

/** The value names a module imports from the contracts package. */
function contractImports(source: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, list] of source.matchAll(CONTRACTS_IMPORT)) {
    if (typeOnly || list === undefined) continue;
    for (const part of list.split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

/** Which contract module defines each exported value. */
function contractExports(ids: string[]): Map<string, string> {
  const byName = new Map<string, string>();
  const directory = (id: string) => id.replace(/[^\\/]+$/, '');
  for (const id of ids) {
    const source = fs.readFileSync(id, 'utf8');
    for (const [, name] of source.matchAll(EXPORTED_VALUE)) if (name) byName.set(name, id);
    for (const [, list, file] of source.matchAll(RE_EXPORT))
      for (const name of list?.split(',') ?? []) byName.set(name.trim(), `${directory(id)}${file}`);
  }
  return byName;
}

/** `firstChunk` and `restChunk` name the chunk groups that take the set and everything else shared. */
export function firstScreenModules(
  roots: RegExp[],
  firstChunk: string,
  restChunk: string,
): FirstScreenModules {
  const reached = new Set<string>();
  const plugin: Plugin = {
    name: 'meshdeck-first-screen-modules',
    apply: 'build',
    buildEnd() {
      reached.clear();
      const ids = [...this.getModuleIds()];
      const stack = ids.filter((id) => roots.some((root) => root.test(id)));
      if (stack.length !== roots.length)
        this.error(
          `first-screen roots: ${roots.length} expected, ${stack.length} found (${stack.join(', ')})`,
        );
      const definedIn = contractExports(ids.filter((id) => CONTRACT_MODULE.test(id)));
      while (stack.length > 0) {
        const id = stack.pop();
        if (id === undefined || reached.has(id)) continue;
        const isApp = APP_MODULE.test(id);
        if (!isApp && !CONTRACT_MODULE.test(id)) continue;
        reached.add(id);
        const imported = this.getModuleInfo(id)?.importedIds ?? [];
        if (isApp) {
          stack.push(...imported.filter((next) => APP_MODULE.test(next)));
          for (const name of contractImports(fs.readFileSync(id, 'utf8'))) {
            const defining = definedIn.get(name);
            if (!defining)
              this.error(`${id} imports ${name} from @meshdeck/contracts, which no contract module exports`);
            stack.push(defining);
          }
        } else {
          stack.push(...imported.filter((next) => CONTRACT_MODULE.test(next)));
        }
      }
    },
    // No chunk of the first screen may need the other shared chunk: that would load it on every deep link anyway
    // (and could tie the two shared chunks into an import cycle). It happens when a first-screen module reaches a
    // contract value in a way the scan above does not read, a namespace import say.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const rest = chunks.find((chunk) => chunk.name === restChunk);
      if (!rest) return;
      for (const chunk of chunks) {
        const isFirstScreen = chunk.name === firstChunk || chunk.moduleIds.some((id) => reached.has(id));
        if (isFirstScreen && chunk.imports.includes(rest.fileName))
          this.error(
            `${chunk.fileName} (first screen) imports the '${restChunk}' chunk; its contract modules: ` +
              rest.moduleIds.filter((id) => CONTRACT_MODULE.test(id)).join(', '),
          );
      }
    },
  };
  return { plugin, has: (id) => reached.has(id) };
}
