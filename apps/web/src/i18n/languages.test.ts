import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = Record<string, unknown>;
const LANGUAGES = ['en', 'fr', 'de'] as const;

// The per-language files (namespaces loaded at start) and every feature namespace's folder (decision 044).
const startFiles = import.meta.glob<Tree>('./{en,fr,de}.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

/** Every namespace in one language: the start file's top-level groups and one per feature folder. */
function namespacesOf(language: string): Map<string, Tree> {
  const namespaces = new Map(Object.entries(startFiles[`./${language}.json`] ?? {}) as [string, Tree][]);
  for (const [file, tree] of Object.entries(featureFiles)) {
    const [, namespace, name] = file.split('/');
    if (namespace && name === `${language}.json`) namespaces.set(namespace, tree);
  }
  return namespaces;
}

/** Every leaf of a translation tree as [`ns:path.to.key`, text]. */
const leavesOf = (value: unknown, prefix: string): [string, unknown][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) =>
        leavesOf(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`),
      )
    : [[prefix, value]];

const leaves = (language: string) =>
  new Map([...namespacesOf(language)].flatMap(([namespace, tree]) => leavesOf(tree, `${namespace}:`)));

describe('translation files', () => {
  const english = leaves('en');

  it('when the English files are read, then they hold the feature namespaces and the start groups', () => {
    expect(english.size).toBeGreaterThan(500);
    expect(namespacesOf('en').has('devices')).toBe(true);
    expect(namespacesOf('en').has('common')).toBe(true);
  });

  it.each(['fr', 'de'])(
    'when %s is compared with English, then it has exactly the same keys in every namespace (no fallback loads)',
    (language) => {
      const keys = leaves(language);
      expect(
        [...english.keys()].filter((key) => !keys.has(key)),
        'missing',
      ).toEqual([]);
      expect(
        [...keys.keys()].filter((key) => !english.has(key)),
        'not in English',
      ).toEqual([]);
    },
  );

  it.each(LANGUAGES)('when %s is read, then no text is empty and every value is a string', (language) => {
    const bad = [...leaves(language)].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
  });
});

// ---- Keys the code uses ----

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [file]
      : [];
  });
}

const englishTrees = namespacesOf('en');

/** Whether `key` (a dotted path, maybe with a plural suffix in the file) names a text or a group in `namespace`. */
function hasKey(namespace: string, key: string): boolean {
  let node: unknown = englishTrees.get(namespace);
  const parts = key.split('.');
  for (const [index, part] of parts.entries()) {
    if (typeof node !== 'object' || node === null) return false;
    const group = node as Tree;
    if (part in group) {
      node = group[part];
      continue;
    }
    // t('hosts', { count }) reads hosts_one / hosts_other.
    return index === parts.length - 1 && Object.keys(group).some((name) => name.startsWith(`${part}_`));
  }
  return node !== undefined;
}

/** Namespaces a file declares: useTranslation('a') or (['a', 'b']), `ns: 'a'`; `common` (the default) always. */
function namespacesIn(source: string): string[] {
  const found = new Set(['common']);
  for (const match of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const name of (match[1] ?? '').matchAll(/'([^']+)'/g)) found.add(name[1] ?? '');
  }
  for (const match of source.matchAll(/\bns:\s*'([^']+)'/g)) found.add(match[1] ?? '');
  // A helper handed a typed t function: TFunction<'devices'> or TFunction<['devices', ...]>.
  for (const match of source.matchAll(/TFunction<\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const name of (match[1] ?? '').matchAll(/'([^']+)'/g)) found.add(name[1] ?? '');
  }
  return [...found];
}

/** Literal keys passed to a t function (t, tField, i18next.t ...) or to <Trans i18nKey>. */
function keysIn(source: string): string[] {
  const keys = [...source.matchAll(/(?:\bt|\bt[A-Z]\w*|i18next\.t)\(\s*'([^'$`]+)'/g)].map((m) => m[1] ?? '');
  keys.push(...[...source.matchAll(/i18nKey="([^"]+)"/g)].map((m) => m[1] ?? ''));
  return keys.filter((key) => /^[\w.:-]+$/.test(key));
}

/** Where each literal key the code uses is missing in English, as `file: key`. */
export function missingKeys(files: string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const namespaces = namespacesIn(source);
    for (const key of keysIn(source)) {
      const [namespace, path_] = key.includes(':') ? key.split(':', 2) : [undefined, key];
      const isFound = namespace
        ? hasKey(namespace, path_ ?? '')
        : namespaces.some((name) => hasKey(name, key));
      if (!isFound) missing.push(`${path.relative(SOURCE_ROOT, file)}: ${key}`);
    }
  }
  return missing;
}

describe('translation keys used in code', () => {
  const files = sourceFiles(SOURCE_ROOT);

  it('when every source file is scanned, then every literal t() key it uses exists in English', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => keysIn(fs.readFileSync(file, 'utf8'))).length).toBeGreaterThan(1000);
    expect(missingKeys(files)).toEqual([]);
  });

  it('when a file uses a key English lacks, then the scan reports it (the check can fail)', () => {
    const probe = path.join(fs.mkdtempSync(path.join(import.meta.dirname, '.probe-')), 'probe.tsx');
    try {
      fs.writeFileSync(
        probe,
        "const { t } = useTranslation('devices');\nt('no.such.key'); t('common:appName'); t('shell:nope');\n",
      );
      expect(missingKeys([probe]).map((line) => line.split(': ')[1])).toEqual(['no.such.key', 'shell:nope']);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true, force: true });
    }
  });
});
