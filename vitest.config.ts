import { defineConfig } from 'vitest/config';

/**
 * Three Vitest projects (CONVENTIONS.md §5): unit (no I/O), component (jsdom, API mocked at lib/api-client) and
 * api (real server on a random port with a real database; PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          // One worker runs file after file; the setup file resets what a file could leave behind (decision 068).
          // A process per file made the unit pass ~3 times longer on CI's 2 cores.
          setupFiles: ['./apps/server/test/unit-setup.ts'],
          isolate: false,
          // Vitest runs projects of one group order side by side only when their maxWorkers agree: unit and
          // component (one worker each, files one after another) run first, then api (MESHDECK_API_WORKERS).
          sequence: { groupOrder: 0 },
          // The property tests (fast-check) are CPU-bound: ~4 s of the 5 s default on a loaded 2-core machine, past
          // it beside a typecheck. A limit on waiting, not an assertion about speed (benchmarks measure speed).
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'component',
          environment: 'jsdom',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // One worker and one jsdom window run file after file, the libraries loaded once; the setup file imports
          // the console's modules afresh and resets the window for each file (decision 068). A fresh worker and
          // window per file spent ~9 s of each file's time on CI's 2 cores.
          isolate: false,
          sequence: { groupOrder: 0 },
          // Lazy pages, their translation namespaces (loaded with the route since decision 044) and Mantine make a
          // cold jsdom render slow on a busy 2-core CI machine. A limit on waiting, not an assertion about speed.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts', 'packages/agent/test/**/*.api.test.ts'],
          // Several replicas on one PostgreSQL (apps/server/test/replica-lab.ts): only in a run with DATABASE_URL,
          // so `npm test` runs them once, in its PostgreSQL pass.
          // npm test's passes leave suites out with MESHDECK_API_EXCLUDE (comma-separated globs, relative to the
          // repository): Vitest's CLI --exclude never reaches a project's own file list.
          exclude: [
            '**/node_modules/**',
            ...(process.env.DATABASE_URL ? [] : ['**/*.replicas.api.test.ts']),
            ...(process.env.MESHDECK_API_EXCLUDE?.split(',').filter(Boolean) ?? []),
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: true,
          sequence: { groupOrder: 1 },
          // npm test runs its namespace suites on one worker beside CPU-bound suites (scripts/test-all.mjs).
          maxWorkers: Number(process.env.MESHDECK_API_WORKERS ?? 2),
        },
      },
    ],
  },
});
