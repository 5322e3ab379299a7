import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// Proves `npm run bench:web` works end to end in its small mode (1,000 hosts, one run): every figure of the
// table gets a number. The numbers themselves are never judged here (CONVENTIONS §5: no timed assertions).
test('when the browser benchmark runs with 1,000 hosts, then it prints every figure of the table', async () => {
  test.setTimeout(300_000);
  const output = await new Promise<string>((resolve, reject) => {
    const bench = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'apps/server/bench/web-console.bench.ts',
      ],
      {
        cwd: repoRoot,
        // 100 nodes in the metrics network (9,900 stored pairs) instead of the bench's 1,000 (999,000 pairs).
        env: { ...process.env, BENCH_HOSTS: '1000', BENCH_RUNS: '1', BENCH_MATRIX_NODES: '100' },
      },
    );
    let text = '';
    bench.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    bench.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    bench.on('error', reject);
    bench.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`bench exited ${code}:\n${text}`)),
    );
  });
  const rows = output.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| figure'));
  const names = rows.map((row) => row.split('|')[1]?.trim());
  expect(names).toEqual([
    'machine floor: empty page with the console headers, first paint',
    '/login first paint',
    '/login usable (splash gone)',
    '/login long tasks before usable',
    'nodes page, 1,000 nodes: navigation -> first rows',
    'nodes page: first-rows request sent (from navigation start)',
    'nodes page: first-rows answer received -> first rows (browser side)',
    'nodes page: whole list answered (from navigation start)',
    'nodes page: main-thread CPU time before first rows',
    'nodes page: keystroke -> filtered rows',
    'nodes page: 20 wheel steps of 800 px, frames over 50 ms',
    'devices page, 1,000 hosts: navigation -> first rows',
    'devices page: first-rows request sent (from navigation start)',
    'devices page: first-rows answer received -> first rows (browser side)',
    'devices page: whole list answered (from navigation start)',
    'devices page: main-thread CPU time before first rows',
    'devices page: keystroke -> filtered rows',
    'devices page: 20 wheel steps of 800 px, frames over 50 ms',
    'one node changed through the API -> its row updated',
    'JS heap, nodes page with 1,000 rows',
    'metrics page, 100 nodes (9,900 pairs): navigation -> first matrix rows',
    'metrics page: main-thread CPU time before first rows',
    'metrics page: 20 wheel steps of 800 px over the matrix, frames over 50 ms',
    'JS heap, metrics page',
    'matrix API, server side: one window of 100 nodes x 12 peers',
    'matrix API: Problems only, first read on a replica (parses every body once)',
    'matrix API: Problems only, next read (nothing reported since)',
    'graph page, 1,000 nodes (10 measured peers each): navigation -> first frame with every node drawn',
    'graph page: 10 zoom wheel steps and a 20-step pan, frames over 50 ms',
  ]);
  for (const row of rows) expect(row.split('|')[3], row).toMatch(/\d/);
});
