// `npm run bench:login`: how fast /login paints and becomes usable in headless Chromium, against the built
// console served by the real server on a fresh data directory. Prints medians of N runs (default 5) beside
// the targets of issue 18, for a warm browser (one Chromium, a fresh context per load) and a cold one (a new
// Chromium process with an empty profile per load, issue 30); never fails on time. Options: BENCH_RUNS=n,
// CONSOLE_DIR=<another built console>, BENCH_COMPARE_URL=<a second running server, measured alternately>.
// Figures come from the page itself: the paint timing entries, a longtask PerformanceObserver, and the moment
// the splash has left the DOM with the username field on screen ("usable").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 18190);
const consoleDir = path.resolve(process.env.CONSOLE_DIR ?? path.join(root, 'apps', 'web', 'dist'));
const SPLASH_MS = 1000;
const FADE_MS = 200;

// The compiled server and console, as a user runs them; built only when their sources changed.
if (
  spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server', 'console'], {
    cwd: root,
    stdio: 'inherit',
  }).status !== 0
)
  process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-bench-login-'));
const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    CONSOLE_DIR: consoleDir,
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

/** Waits until the server answers its status route (a condition, not a fixed sleep). */
async function waitForServer(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/server/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 60 s');
}

// Runs in the page before any of its scripts: records long tasks and the moment the form is usable.
const probe = () => {
  const state = { longTasks: [], usableAt: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (state.usableAt !== null) return;
    const input = document.querySelector('input[autocomplete="username"]');
    if (!document.getElementById('splash') && input && !input.disabled) state.usableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

// The last flag keeps Chromium's own omnibox popup (a WebUI page in a renderer of its own) from loading beside every
// new window: 1.5-1.9 s of CPU on a 2-core machine, measured against the page (decision 022).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Loads /login in `page` and reads the figures from the page itself. */
async function measure(page, url) {
  await page.addInitScript(probe);
  await page.goto(`${url}/login`);
  await page.waitForFunction(() => window.__bench.usableAt !== null, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
    const [nav] = performance.getEntriesByType('navigation');
    const { usableAt, longTasks } = window.__bench;
    const before = longTasks.filter((task) => task.start < usableAt);
    return {
      firstPaint: paint['first-paint'] ?? NaN,
      firstContentfulPaint: paint['first-contentful-paint'] ?? NaN,
      responseEnd: nav?.responseEnd ?? NaN,
      // From the last byte of the document to the first paint: the browser's part (a renderer process to start
      // when the document needs one, then parse and paint), apart from the network's.
      afterResponse: (paint['first-paint'] ?? NaN) - (nav?.responseEnd ?? NaN),
      usable: usableAt,
      longTaskMs: before.reduce((sum, task) => sum + task.duration, 0),
      longestTaskMs: before.reduce((max, task) => Math.max(max, task.duration), 0),
    };
  });
}

try {
  await waitForServer();
  // A super admin must exist, or /login sends the visitor to /signup.
  await fetch(`http://127.0.0.1:${port}/api/users/adm/createsuperadmin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
  });
  // Each target is measured warm and cold, run for run, alternating between targets: BENCH_COMPARE_URL names a
  // second server (another build or other headers, already running and with a super admin) to compare against.
  const targets = [{ label: 'this server', url: `http://127.0.0.1:${port}` }];
  if (process.env.BENCH_COMPARE_URL) targets.push({ label: 'compare', url: process.env.BENCH_COMPARE_URL });
  const launch = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  // Warm: one browser for every run, a fresh context (empty cache) per load, as a second tab of a running browser.
  const warmBrowser = await launch();
  const samples = targets.map(() => ({ warm: [], cold: [] }));
  for (let run = 0; run < runs; run++) {
    for (const [index, target] of targets.entries()) {
      const context = await warmBrowser.newContext();
      samples[index].warm.push(await measure(await context.newPage(), target.url));
      await context.close();
      // Cold: a new Chromium process with a new empty profile per load, as a person opening the console for the
      // first time in a browser just started (no renderer process waiting to be used).
      const coldBrowser = await launch();
      try {
        samples[index].cold.push(await measure(await (await coldBrowser.newContext()).newPage(), target.url));
      } finally {
        await coldBrowser.close();
      }
    }
  }
  await warmBrowser.close();
  const cell = (values) => median(values).toFixed(0).padStart(7);
  console.log(
    `/login in headless Chromium, ${runs} runs each, medians in ms (${path.relative(root, consoleDir) || consoleDir})`,
  );
  const rows = [
    ['first paint', 'firstPaint', '<= 100 ms (warm)'],
    ['first contentful paint', 'firstContentfulPaint', ''],
    ['document received (responseEnd)', 'responseEnd', ''],
    ['first paint after the document', 'afterResponse', ''],
    [
      'form usable (splash gone)',
      'usable',
      `<= ${SPLASH_MS + FADE_MS + 50} (splash ${SPLASH_MS} + fade ${FADE_MS} + 50)`,
    ],
    ['long tasks before usable (sum)', 'longTaskMs', '<= 100 ms'],
    ['longest task before usable', 'longestTaskMs', ''],
  ];
  for (const [index, target] of targets.entries()) {
    console.log(`\n${target.label}: ${target.url}`);
    console.log(`${'figure'.padEnd(36)} ${'warm'.padStart(7)} ${'cold'.padStart(7)}   target`);
    for (const [label, key, goal] of rows)
      console.log(
        `${label.padEnd(36)} ${cell(samples[index].warm.map((s) => s[key]))} ${cell(samples[index].cold.map((s) => s[key]))}   ${goal}`,
      );
  }
} finally {
  stop();
}
