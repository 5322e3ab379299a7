// ESLint flat config: type-checked TypeScript rules plus the import boundaries of CONVENTIONS.md §2.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import i18n from './scripts/eslint-i18n.js';
import walls from './scripts/eslint-walls.js';

const featuresDir = path.join(import.meta.dirname, 'apps', 'web', 'src', 'features');
const featureNames = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** Words the i18n lint rule lets through: names and abbreviations that read the same in every console language. */
export const I18N_SAME_IN_EVERY_LANGUAGE = ['WireGuard', 'DNS', 'IPv4', 'IPv6', 'MTU', 'JSON', 'CSV'];

/**
 * One block per feature: it may import shared code (lib, components, i18n) and, of another feature, only its public
 * faces `features/<other>/*.public.ts` (what the other feature offers the rest of the console; usually one,
 * `<other>.public.ts`, and a second where a page's first screen must not load the rest).
 */
function featureIsolation() {
  return featureNames.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: featureNames
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [
                `@/features/${other}/**`,
                `**/features/${other}/**`,
                `../../${other}/**`,
                `../${other}/**`,
                `!@/features/${other}/*.public.ts`,
              ],
              message: `A feature reaches another only through its public faces (${feature} -> features/${other}/*.public.ts).`,
            }))
            .concat({
              group: ['@/routes/**', '**/routes/**'],
              message:
                'Features must not import routes: a route imports its page, never the other way round.',
            }),
        },
      ],
    },
  }));
}

/** Import boundaries: who may import what (CONVENTIONS.md §2 "Layering"). */
const boundaries = [
  {
    // No import cycles (scripts/eslint-walls.js).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { walls },
    rules: { 'walls/no-cycle': 'error' },
  },
  {
    // Code imports another workspace package by its name, never by a relative path into it. Tests are exempt:
    // the agent's tests drive a real server through the server's test harness.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', '**/bench/**'],
    plugins: { walls },
    rules: { 'walls/no-cross-package-relative': 'error' },
  },
  {
    // WireGuard key generation needs node:crypto: the server and the agent only (decision 027).
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@meshdeck/contracts/wireguard-keys']",
          message: 'WireGuard key generation runs on Node.js only (decision 027).',
        },
      ],
    },
  },
  {
    // A server module reaches another only through its <module>.public.ts (modules/README.md); tests may
    // arrange data through any module.
    files: ['apps/server/src/**/*.ts'],
    // stores/identity.repository.ts goes with the people modules' own units of work (issue 40, decision 059).
    ignores: ['**/*.test.ts', 'apps/server/src/stores/**'],
    plugins: { walls },
    rules: { 'walls/module-boundaries': 'error' },
  },
  {
    // Only repositories (and the db folder itself) touch the database.
    files: ['apps/server/src/**/*.ts'],
    // app.ts and command-line entry points (*-cli.ts) are composition roots: they open the database.
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/app.ts',
      'apps/server/src/infrastructure.ts',
      // A module's entry builds its own repositories from the database handle it is given.
      'apps/server/src/modules/*/*.module.ts',
      'apps/server/src/**/*-cli.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/db/*', 'kysely', 'better-sqlite3', 'pg'],
              message: 'Only repositories import the database layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only config.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  ...featureIsolation(),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'Shared code must not import features.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/early-request.ts',
      'apps/web/src/lib/event-stream.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api-client.ts.' },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Lint-wall fixtures break the walls on purpose; scripts/lint-walls.test.ts lints them.
      'scripts/lint-fixtures/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/*.test.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // Fastify plugins and hooks are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every text a person reads goes through t() (scripts/eslint-i18n.js, issue 33); tests and their helpers may
    // write what they look for. The ignored words read the same in en, fr and de.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18n },
    rules: { 'i18n/no-literal-text': ['error', { ignore: I18N_SAME_IN_EVERY_LANGUAGE }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts', '**/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests read untyped JSON responses; asserting on them is the point, so `any` is allowed there.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  ...boundaries,
);
