// `npm run bench:web` (also run by `npm run bench`): the console at scale in headless Chromium (issue 18).
// Starts the server with the built console on a fresh data directory, seeds BENCH_HOSTS hosts (default 10,000)
// with one node each in network "scale" straight into the database, opens each page BENCH_RUNS times (default
// 5) in a fresh browser context and prints the medians beside the targets. Metrics (issue 41): network "matrix" holds
// BENCH_MATRIX_NODES nodes (default 1,000) whose stored metrics are a full mesh (999,000 pairs) for the metrics
// page, and "scale"'s nodes each measured 10 peers for the graph page. BENCH_BEFORE_DIR=<another build>
// measures that console too, run for run alternating with this one, so both columns share the machine's load.
// BENCH_PROFILE=1 first prints where the CPU time goes. Numbers only: nothing here fails on time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openPage } from './web/browser.ts';
import { firstRows, wheelFrames } from './web/measure-list.ts';
import { profileTopFunctions, renderingMetrics } from './web/profile.ts';
import { median as m, printTable, type Figure } from './web/report.ts';
import { measureRun, startConsole, type Console, type RunFigures } from './web/run.ts';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const consoleDir =
  process.env.BENCH_CONSOLE_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
if (!fs.existsSync(path.join(consoleDir, 'index.html'))) {
  console.log('web-console: the console is not built (npm run build -w @meshdeck/web); skipped');
  process.exit(0);
}

const isLarge = HOSTS >= 100_000;
const n = HOSTS.toLocaleString('en');
const rowsTarget = isLarge ? 2000 : 1000;
const keyTarget = isLarge ? 100 : 50;
const MATRIX_NODES = Number(process.env.BENCH_MATRIX_NODES ?? 1000);
const MATRIX_N = MATRIX_NODES.toLocaleString('en');
const MATRIX_PAIRS = (MATRIX_NODES * (MATRIX_NODES - 1)).toLocaleString('en');
const SCALE_PEERS_NOTE = '10 measured peers each';
const col = (name: string) => (runs: RunFigures[]) => m(runs.map((run) => run[name] ?? Number.NaN));
const figures: Figure[] = [
  {
    name: 'machine floor: empty page with the console headers, first paint',
    target: '(no console code runs)',
    unit: 'ms',
    value: col('floorPaint'),
  },
  {
    name: '/login first paint',
    target: '<= 100 ms',
    unit: 'ms',
    value: col('loginPaint'),
    isMet: (v) => v <= 100,
  },
  {
    name: '/login usable (splash gone)',
    target: '<= 1,250 ms (1 s splash + 200 ms fade + 50 ms)',
    unit: 'ms',
    value: col('loginUsable'),
    isMet: (v) => v <= 1250,
  },
  {
    name: '/login long tasks before usable',
    target: '<= 100 ms',
    unit: 'ms',
    value: col('loginLongTasks'),
    isMet: (v) => v <= 100,
  },
  {
    name: `nodes page, ${n} nodes: navigation -> first rows`,
    target: `<= ${rowsTarget.toLocaleString('en')} ms`,
    unit: 'ms',
    value: col('nodesRows'),
    isMet: (v) => v <= rowsTarget,
  },
  {
    name: 'nodes page: first-rows request sent (from navigation start)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('nodesSent'),
    note: (runs) => `answered at ${Math.round(col('nodesFirstAnswered')(runs))} ms`,
  },
  {
    name: 'nodes page: first-rows answer received -> first rows (browser side)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('nodesAfterAnswer'),
  },
  {
    name: 'nodes page: whole list answered (from navigation start)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('nodesAllAnswered'),
  },
  {
    name: 'nodes page: main-thread CPU time before first rows',
    target: '(breakdown)',
    unit: 'ms',
    value: col('nodesMainThread'),
    note: (runs) => `of it JavaScript ${Math.round(col('nodesScript')(runs))} ms`,
  },
  {
    name: 'nodes page: keystroke -> filtered rows',
    target: `<= ${keyTarget} ms`,
    unit: 'ms',
    value: col('nodesKey'),
    isMet: (v) => v <= keyTarget,
  },
  {
    name: 'nodes page: 20 wheel steps of 800 px, frames over 50 ms',
    target: '0',
    unit: '',
    value: col('nodesSlow'),
    isMet: (v) => v === 0,
    note: (runs) => `worst ${Math.round(Math.max(...runs.map((r) => r.nodesWorst ?? 0)))} ms`,
  },
  {
    name: `devices page, ${n} hosts: navigation -> first rows`,
    target: `<= ${rowsTarget.toLocaleString('en')} ms`,
    unit: 'ms',
    value: col('devicesRows'),
    isMet: (v) => v <= rowsTarget,
  },
  {
    name: 'devices page: first-rows request sent (from navigation start)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('devicesSent'),
    note: (runs) => `answered at ${Math.round(col('devicesFirstAnswered')(runs))} ms`,
  },
  {
    name: 'devices page: first-rows answer received -> first rows (browser side)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('devicesAfterAnswer'),
  },
  {
    name: 'devices page: whole list answered (from navigation start)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('devicesAllAnswered'),
  },
  {
    name: 'devices page: main-thread CPU time before first rows',
    target: '(breakdown)',
    unit: 'ms',
    value: col('devicesMainThread'),
    note: (runs) => `of it JavaScript ${Math.round(col('devicesScript')(runs))} ms`,
  },
  {
    name: 'devices page: keystroke -> filtered rows',
    target: `<= ${keyTarget} ms`,
    unit: 'ms',
    value: col('devicesKey'),
    isMet: (v) => v <= keyTarget,
  },
  {
    name: 'devices page: 20 wheel steps of 800 px, frames over 50 ms',
    target: '0',
    unit: '',
    value: col('devicesSlow'),
    isMet: (v) => v === 0,
    note: (runs) => `worst ${Math.round(Math.max(...runs.map((r) => r.devicesWorst ?? 0)))} ms`,
  },
  {
    name: 'one node changed through the API -> its row updated',
    target: '<= 1,000 ms, no full list re-fetch',
    unit: 'ms',
    value: col('push'),
    isMet: (v) => v <= 1000,
    note: (runs) => `${col('pushRequests')(runs)} list request(s), ${Math.round(col('pushKiB')(runs))} KiB`,
  },
  {
    name: `JS heap, nodes page with ${n} rows`,
    target: isLarge ? '(none)' : '<= 60 MiB',
    unit: 'MiB',
    value: col('heap'),
    isMet: isLarge ? undefined : (v) => v <= 60,
  },
  {
    name: `metrics page, ${MATRIX_N} nodes (${MATRIX_PAIRS} pairs): navigation -> first matrix rows`,
    target: '<= 1,000 ms',
    unit: 'ms',
    value: col('metricsRows'),
    isMet: (v) => v <= 1000,
    note: (runs) =>
      `window (100 x 12) answered at ${Math.round(col('metricsAnswered')(runs))} ms, ${Math.round(col('metricsKiB')(runs))} KiB`,
  },
  {
    name: 'metrics page: main-thread CPU time before first rows',
    target: '(breakdown)',
    unit: 'ms',
    value: col('metricsMainThread'),
  },
  {
    name: 'metrics page: 20 wheel steps of 800 px over the matrix, frames over 50 ms',
    target: '0',
    unit: '',
    value: col('metricsSlow'),
    isMet: (v) => v === 0,
    note: (runs) => `worst ${Math.round(Math.max(...runs.map((r) => r.metricsWorst ?? 0)))} ms`,
  },
  {
    name: 'JS heap, metrics page',
    target: '(bounded by the window)',
    unit: 'MiB',
    value: col('metricsHeap'),
  },
  {
    name: 'matrix API, server side: one window of 100 nodes x 12 peers',
    target: '(breakdown)',
    unit: 'ms',
    value: col('apiWindowMs'),
    note: (runs) => `${Math.round(col('apiWindowKiB')(runs))} KiB`,
  },
  {
    name: 'matrix API: Problems only, first read on a replica (parses every body once)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('apiProblemsColdMs'),
  },
  {
    name: 'matrix API: Problems only, next read (nothing reported since)',
    target: '(breakdown)',
    unit: 'ms',
    value: col('apiProblemsWarmMs'),
  },
  {
    name: `graph page, ${n} nodes (${SCALE_PEERS_NOTE}): navigation -> first frame with every node drawn`,
    target: '<= 2,000 ms',
    unit: 'ms',
    value: col('graphDrawn'),
    isMet: (v) => v <= 2000,
  },
  {
    name: 'graph page: 10 zoom wheel steps and a 20-step pan, frames over 50 ms',
    target: '0',
    unit: '',
    value: col('graphSlow'),
    isMet: (v) => v === 0,
    note: (runs) => `worst ${Math.round(Math.max(...runs.map((r) => r.graphWorst ?? 0)))} ms`,
  },
];

const browser = await launchChromium();
const consoles: Console[] = [];
try {
  if (process.env.BENCH_BEFORE_DIR)
    consoles.push(await startConsole(browser, 'before', process.env.BENCH_BEFORE_DIR, HOSTS));
  consoles.push(await startConsole(browser, consoles.length > 0 ? 'after' : 'median', consoleDir, HOSTS));
  const target = consoles[consoles.length - 1]!;
  if (process.env.BENCH_PROFILE === '1') {
    for (const pagePath of ['/networks/scale/nodes', '/devices']) {
      const page = await openPage(browser, target.server.url, target.state);
      const top = await profileTopFunctions(page, async () => void (await firstRows(page, pagePath)));
      console.log(`\nCPU self time, navigation to ${pagePath} until the first rows:\n${top.join('\n')}`);
      const scroll = await profileTopFunctions(page, async () => void (await wheelFrames(page)));
      console.log(`\nCPU self time, 20 wheel steps on ${pagePath}:\n${scroll.join('\n')}`);
      console.log(
        `rendering during 20 wheel steps: ${await renderingMetrics(page, async () => void (await wheelFrames(page)))}`,
      );
      await page.context().close();
    }
  }
  const runs = new Map<Console, RunFigures[]>(consoles.map((c) => [c, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const c of consoles) runs.get(c)?.push(await measureRun(browser, c, run));
    console.log(`run ${run + 1}/${RUNS} done`);
  }
  if (RUNS > 0) {
    const title = `Console at ${n} hosts, medians of ${RUNS} run(s), headless Chromium, load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`;
    printTable(
      title,
      figures,
      consoles.map((c) => ({ label: c.label, runs: runs.get(c) ?? [] })),
    );
  }
} finally {
  await browser.close();
  for (const c of consoles) await c.server.close();
}
