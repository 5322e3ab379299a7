import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

const fixtures = path.join(import.meta.dirname, 'lint-fixtures');

type Block = { files?: string[]; ignores?: string[]; rules?: Record<string, unknown>; plugins?: object };
/** The i18n block of the real config, as the repository configures it. */
const i18nBlock = (config as Block[]).find((block) => 'i18n/no-literal-text' in (block.rules ?? {}));

async function lint(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      { ...i18nBlock, files: ['**/*.tsx'], ignores: [] },
    ],
  });
  const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.ruleId ?? 'fatal'} ${m.message}`);
}

describe('i18n lint rule (scripts/eslint-i18n.js) on scripts/lint-fixtures', () => {
  it('the config applies it to the console source and not to tests', () => {
    expect(i18nBlock?.files).toEqual(['apps/web/src/**/*.tsx']);
    expect(i18nBlock?.ignores).toEqual(expect.arrayContaining(['**/*.test.tsx']));
  });

  it('when JSX holds hard-coded texts, then each text child and each readable prop fails, named', async () => {
    const messages = await lint('apps/web/src/features/i18n/hard-coded.tsx');
    expect(messages).toEqual([
      '8: i18n/no-literal-text Hard-coded text "Main panel" in the aria-label prop: put it in i18n (en, fr, de) and pass t().',
      '9: i18n/no-literal-text Hard-coded text "Save changes" in JSX: put it in i18n (en, fr, de) and render it with t().',
      '10: i18n/no-literal-text Hard-coded text "Delete network" in the label prop: put it in i18n (en, fr, de) and pass t().',
      '10: i18n/no-literal-text Hard-coded text "Remove" in the title prop: put it in i18n (en, fr, de) and pass t().',
      '10: i18n/no-literal-text Hard-coded text "now" in the title prop: put it in i18n (en, fr, de) and pass t().',
      '11: i18n/no-literal-text Hard-coded text "Search hosts" in the placeholder prop: put it in i18n (en, fr, de) and pass t().',
      '11: i18n/no-literal-text Hard-coded text "Open" in the description prop: put it in i18n (en, fr, de) and pass t().',
      '11: i18n/no-literal-text Hard-coded text "Closed" in the description prop: put it in i18n (en, fr, de) and pass t().',
      '12: i18n/no-literal-text Hard-coded text "Nothing here yet" in JSX: put it in i18n (en, fr, de) and render it with t().',
      '13: i18n/no-literal-text Hard-coded text "Re-enter" in JSX: put it in i18n (en, fr, de) and render it with t().',
    ]);
  });

  it('when texts come from t() and the rest is numbers, addresses, class names or same-in-every-language words, then it passes', async () => {
    expect(await lint('apps/web/src/features/i18n/translated.tsx')).toEqual([]);
  });
});
