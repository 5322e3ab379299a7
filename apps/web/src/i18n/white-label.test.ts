import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every translation file, the per-language ones and each namespace folder's. */
function translationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return translationFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

describe('white label (spec §1, issue 39)', () => {
  it('when any text names the product, then it says {{product}} (the branding name), never a literal Meshdeck', () => {
    const literal = translationFiles(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ file: path.relative(root, file), line: index + 1, text: line.trim() }))
        .filter((entry) => entry.text.includes('Meshdeck')),
    );
    expect(literal).toEqual([]);
  });
});
