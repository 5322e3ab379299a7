import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md makes claims a reader acts on: which console features and server modules exist, and which
 * modules' public files each module imports. These tests read those claims and hold them to the folders and the
 * code, so the page cannot drift again (issue 40 found it stale on 3 of 5 claims).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

const foldersOf = (relative: string) =>
  fs
    .readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The text of the tree entry that starts with `label`, up to the next entry at the same indentation. */
function treeEntry(label: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(label));
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no tree entry ${label}`);
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  const body = [lines[start]!];
  for (const line of lines.slice(start + 1)) {
    if (line.length - line.trimStart().length <= indent) break;
    body.push(line);
  }
  return body.join(' ').replace(/\s+/g, ' ');
}

/** Names listed in a "(a, b, c)" or "Modules: a, b (...), c" run of text, without parenthesised remarks. */
function namesIn(text: string): string[] {
  let depth = 0;
  let flat = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (depth === 0) flat += char;
    if (char === ')') depth -= 1;
  }
  return flat
    .split(/,|\band\b|:/)
    .map((part) => part.trim())
    .filter((part) => /^[a-z][a-z-]*$/.test(part));
}

describe('docs/ARCHITECTURE.md', () => {
  it('names every console feature folder, and only existing ones', () => {
    const entry = treeEntry('src/features/<resource>/');
    const listed = entry.match(/plural name \(([^)]*)\)/)?.[1];
    expect(listed, 'the features entry lists its folders in "(...)"').toBeDefined();
    expect(namesIn(listed!).sort()).toEqual(foldersOf('apps/web/src/features'));
  });

  it('names every server module folder, and only existing ones', () => {
    const entry = treeEntry('src/modules/<resource>/');
    const listed = entry.slice(entry.indexOf('Modules:') + 'Modules:'.length);
    expect(namesIn(listed).sort()).toEqual(foldersOf('apps/server/src/modules'));
  });

  it("has a row for each module in its public-imports table, and each row is what the module's code imports", () => {
    const table = doc.slice(doc.indexOf('| Module '), doc.indexOf('\n\n', doc.indexOf('| Module ')));
    const claimed = new Map<string, string[]>();
    for (const row of table.split('\n').slice(2)) {
      const [modules, imports] = row
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      const wanted = imports === '-' ? [] : imports!.split(',').map((name) => name.trim());
      for (const module of modules!.split(',').map((name) => name.trim())) claimed.set(module, wanted.sort());
    }
    const actual = new Map<string, string[]>();
    for (const module of foldersOf('apps/server/src/modules')) {
      const folder = path.join(root, 'apps/server/src/modules', module);
      const imported = new Set<string>();
      for (const file of fs.readdirSync(folder, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const text = fs.readFileSync(path.join(folder, file), 'utf8');
        for (const match of text.matchAll(/\.\.\/([a-z-]+)\/[a-z-]+\.public\.ts/g))
          if (match[1] !== module) imported.add(match[1]);
      }
      actual.set(module, [...imported].sort());
    }
    expect(Object.fromEntries([...claimed].sort())).toEqual(Object.fromEntries([...actual].sort()));
  });

  it('says which console layers import which, as the code does', () => {
    const layers = ['routes', 'features', 'components', 'i18n', 'lib'] as const;
    const source = path.join(root, 'apps/web/src');
    const seen = new Set<string>();
    for (const from of layers) {
      for (const file of fs.readdirSync(path.join(source, from), { recursive: true }) as string[]) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const text = fs.readFileSync(path.join(source, from, file), 'utf8');
        for (const match of text.matchAll(/(?:from\s+|import\(\s*)'([^']+)'/g)) {
          const specifier = match[1]!;
          const target = specifier.startsWith('@/')
            ? specifier.slice(2).split('/')[0]
            : specifier.startsWith('.')
              ? path
                  .relative(source, path.resolve(source, from, path.dirname(file), specifier))
                  .split(path.sep)[0]
              : undefined;
          if (target !== from && (layers as readonly (string | undefined)[]).includes(target))
            seen.add(`${from}>${target}`);
        }
      }
    }
    const start = doc.indexOf('| from \\ to');
    const rows = doc.slice(start, doc.indexOf('\n\n', start)).split('\n').slice(2);
    const header = ['features', 'components', 'i18n', 'lib'];
    const claimed = new Set<string>();
    for (const row of rows) {
      const cells = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const from = cells[0]!.replace('/', '');
      cells.slice(1).forEach((cell, index) => {
        if (cell === 'yes') claimed.add(`${from}>${header[index]}`);
      });
    }
    const upward = [...seen].filter((pair) => !claimed.has(pair));
    expect(upward, 'imports the table says never happen').toEqual([]);
    expect(
      [...claimed].filter((pair) => !seen.has(pair)),
      'imports the table claims but the code lacks',
    ).toEqual([]);
  });
});
