import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The V8 flags bound the server's memory (decision 009): both ways to start it must pass the same ones, and the
// control-plane bench reads them from the root script, so its figures are those users get.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const startScript = (manifest: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, manifest), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
const flagsOf = (script: string) => /exec node ((?:--\S+ )*)\S*dist\/main\.mjs/.exec(script)?.[1]?.trim();

describe('npm start -> V8 flags', () => {
  it('-> when started from the root or from apps/server, the server gets the same memory flags', () => {
    const rootFlags = flagsOf(startScript('package.json'));
    expect(rootFlags).toContain('--max-semi-space-size=');
    expect(rootFlags).toContain('--max-old-space-size=');
    expect(flagsOf(startScript('apps/server/package.json'))).toBe(rootFlags);
  });
});
