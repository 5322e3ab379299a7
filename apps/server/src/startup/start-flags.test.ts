import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The V8 flags and allocator settings bound the server's memory (decision 009): both ways to start it must pass
// the same ones, and the control-plane bench reads them from the root script, so its figures are those users get.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const startScript = (manifest: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, manifest), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
const commandOf = (script: string) =>
  /exec env ((?:\w+=\S+ )*)node ((?:--\S+ )*)\S*dist\/main\.mjs/.exec(script);
const flagsOf = (script: string) => commandOf(script)?.[2]?.trim();
const envOf = (script: string) => commandOf(script)?.[1]?.trim();

describe('npm start -> V8 flags', () => {
  it('-> when started from the root or from apps/server, the server gets the same memory flags', () => {
    const rootFlags = flagsOf(startScript('package.json'));
    expect(rootFlags).toContain('--max-semi-space-size=');
    expect(rootFlags).toContain('--max-old-space-size=');
    expect(flagsOf(startScript('apps/server/package.json'))).toBe(rootFlags);
  });

  it('-> when started from the root or from apps/server, glibc keeps at most 2 arenas and a fixed mmap threshold', () => {
    const rootEnv = envOf(startScript('package.json'));
    expect(rootEnv).toContain('MALLOC_ARENA_MAX=');
    expect(rootEnv).toContain('MALLOC_MMAP_THRESHOLD_=');
    expect(envOf(startScript('apps/server/package.json'))).toBe(rootEnv);
  });
});
