import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

const root = path.dirname(import.meta.dirname);
const fixtures = path.join(import.meta.dirname, 'lint-fixtures');

type Block = { rules?: Record<string, unknown>; plugins?: Record<string, unknown> };
/** The wall blocks of the real config: import rules only (the type-checked rules need a tsconfig). */
const walls = (config as Block[]).filter((block) =>
  Object.keys(block.rules ?? {}).some(
    (rule) => rule.startsWith('walls/') || rule === 'no-restricted-imports',
  ),
);
/** The same walls, rooted at the fixtures, which are laid out like the repository. */
const atFixtures = walls.map((block) => ({
  ...block,
  rules: Object.fromEntries(
    Object.entries(block.rules ?? {}).map(([rule, setting]) =>
      rule.startsWith('walls/') ? [rule, ['error', { root: fixtures }]] : [rule, setting],
    ),
  ),
}));

async function lint(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...atFixtures,
    ],
  });
  const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.ruleId ?? 'fatal'} ${m.message}`);
}

describe('lint walls (eslint.config.js, scripts/eslint-walls.js) on scripts/lint-fixtures', () => {
  it('the config holds the walls this test exercises', () => {
    const rules = walls.flatMap((block) => Object.keys(block.rules ?? {}));
    expect(rules).toEqual(
      expect.arrayContaining([
        'walls/no-cycle',
        'walls/module-boundaries',
        'walls/no-cross-package-relative',
      ]),
    );
  });

  it('when two files import each other, both fail with the cycle named; type-only imports both ways pass', async () => {
    const first = await lint('apps/server/src/cycle/first.ts');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/walls\/no-cycle Import cycle: .*first\.ts -> .*second\.ts -> .*first\.ts/);
    expect(await lint('apps/server/src/cycle/second.ts')).toHaveLength(1);
    expect(await lint('apps/server/src/cycle/types-a.ts')).toEqual([]);
  });

  it("when a module imports another module's repository, it fails; the other module's public file passes", async () => {
    const messages = await lint('apps/server/src/modules/alpha/alpha.service.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^2: walls\/module-boundaries .*beta\.repository\.ts.*beta\/beta\.public\.ts/,
    );
  });

  it("when a file outside modules/ imports a module's repository, it fails; its public file passes", async () => {
    const messages = await lint('apps/server/src/shared/reach.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^2: walls\/module-boundaries .*beta\.repository\.ts.*beta\/beta\.public\.ts/,
    );
  });

  it("when a command-line tool (*-cli.ts) imports a module's entry, it passes; a module's service may not", async () => {
    expect(await lint('apps/server/src/startup/beta-cli.ts')).toEqual([]);
    expect(await lint('apps/server/src/modules/alpha/alpha-entry.ts')).toEqual([
      expect.stringMatching(/^2: walls\/module-boundaries Only app\.ts .*beta\.module\.ts/),
    ]);
  });

  it('when a feature imports a route, it fails', async () => {
    const messages = await lint('apps/web/src/features/networks/networks-link.ts');
    expect(messages).toEqual([
      expect.stringMatching(/^2: no-restricted-imports .*Features must not import routes/),
    ]);
  });

  it("when a feature imports another feature's inside, it fails; that feature's public face passes", async () => {
    const messages = await lint('apps/web/src/features/networks/networks-hosts.ts');
    expect(messages).toEqual([
      expect.stringMatching(/^2: no-restricted-imports .*features\/hosts\/\*\.public\.ts/),
    ]);
  });

  it('when a relative import leaves its workspace package, it fails', async () => {
    const messages = await lint('packages/agent/src/reach.ts');
    expect(messages).toEqual([expect.stringMatching(/^2: walls\/no-cross-package-relative .*apps\/server/)]);
  });

  it('when a file is not formatted, prettier --check (part of npm run lint) fails on it', async () => {
    const lintScript = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.lint;
    expect(lintScript).toMatch(/prettier --check \./);
    const options = (await prettier.resolveConfig(path.join(fixtures, 'unformatted.ts'))) ?? {};
    const check = (file: string) =>
      prettier.check(fs.readFileSync(path.join(fixtures, file), 'utf8'), { ...options, filepath: file });
    expect(await check('unformatted.ts')).toBe(false);
    expect(await check('apps/server/src/cycle/first.ts')).toBe(true);
  });
});
