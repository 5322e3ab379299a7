// `npm run bench:web` (also run by `npm run bench`): the console at scale in headless Chromium (issue 18).
// Starts the server with the built console on a fresh data directory, seeds BENCH_HOSTS hosts (default 10,000)
// with one node each in network "scale" straight into the database, opens each page BENCH_RUNS times (default
// 5) in a fresh browser context and prints the medians beside the targets. Numbers only: nothing here fails on time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedHosts } from '../test/bulk-seed.ts';
import { createNetwork, createSuperAdminAndLogin, ADMIN } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { launchChromium, openPage, signInState } from './web/browser.ts';
import { measureLogin } from './web/measure-login.ts';
import { firstRows, heapMiB, keystroke, pushedChange, wheelFrames } from './web/measure-list.ts';
import { profileTopFunctions } from './web/profile.ts';
import { median, printTable, type Figure } from './web/report.ts';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const consoleDir = process.env.BENCH_CONSOLE_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
if (!fs.existsSync(path.join(consoleDir, 'index.html'))) {
  console.log('web-console: the console is not built (npm run build -w @meshdeck/web); skipped');
  process.exit(0);
}

const server = await startTestServer({ CONSOLE_DIR: consoleDir });
const browser = await launchChromium();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'scale', { addressrange: '10.96.0.0/12' });
  const seedStarted = performance.now();
  const hostIds = await seedHosts(server.app.meshdeck.database.db, { network: 'scale', range: '10.96.0.0/12', count: HOSTS });
  console.log(`seeded ${HOSTS} hosts in ${Math.round(performance.now() - seedStarted)} ms`);
  const nodes = (await server.request<{ id: string; hostid: string }[]>('GET', '/api/nodes/scale', { token })).body;
  const firstNode = nodes.find((node) => node.hostid === hostIds[0]);
  if (!firstNode) throw new Error('seeded node not found');
  const state = await signInState(browser, server.url, ADMIN.username, ADMIN.password);

  if (process.env.BENCH_PROFILE === '1') {
    for (const path of ['/networks/scale/nodes', '/devices']) {
      const page = await openPage(browser, server.url, state);
      const top = await profileTopFunctions(page, async () => void (await firstRows(page, path)));
      console.log(`\nCPU self time, navigation to ${path} until the first rows:\n${top.join('\n')}`);
      const scroll = await profileTopFunctions(page, async () => void (await wheelFrames(page)));
      console.log(`\nCPU self time, 20 wheel steps on ${path}:\n${scroll.join('\n')}`);
      await page.context().close();
    }
  }

  const login = { paint: [] as number[], usable: [] as number[], longTasks: [] as number[] };
  const nodesRuns = { rows: [] as number[], key: [] as number[], slow: [] as number[], worst: [] as number[], heap: [] as number[], push: [] as number[], pushRequests: [] as number[], pushKiB: [] as number[] };
  const devicesRuns = { rows: [] as number[], key: [] as number[], slow: [] as number[], worst: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const l = await measureLogin(browser, server.url);
    login.paint.push(l.firstPaintMs);
    login.usable.push(l.usableMs);
    login.longTasks.push(l.longTasksBeforeUsableMs);

    const page = await openPage(browser, server.url, state);
    nodesRuns.rows.push(await firstRows(page, '/networks/scale/nodes'));
    nodesRuns.heap.push(await heapMiB(page));
    const wheel = await wheelFrames(page);
    nodesRuns.slow.push(wheel.slowFrames);
    nodesRuns.worst.push(wheel.worstMs);
    const address = `10.111.${run}.${200 + run}`;
    const push = await pushedChange(page, 'scale-host-000000', address, async () => {
      const answer = await server.request('PUT', `/api/nodes/scale/${firstNode.id}`, { token, body: { address } });
      if (answer.status !== 200) throw new Error(`PUT node answered ${answer.status}`);
    });
    nodesRuns.push.push(push.ms);
    nodesRuns.pushRequests.push(push.listRequests);
    nodesRuns.pushKiB.push(push.listBytes / 1024);
    nodesRuns.key.push(await keystroke(page, 'host-00012', '3'));
    await page.context().close();

    const devices = await openPage(browser, server.url, state);
    devicesRuns.rows.push(await firstRows(devices, '/devices'));
    const devicesWheel = await wheelFrames(devices);
    devicesRuns.slow.push(devicesWheel.slowFrames);
    devicesRuns.worst.push(devicesWheel.worstMs);
    devicesRuns.key.push(await keystroke(devices, 'host-00012', '3'));
    await devices.context().close();
    console.log(`run ${run + 1}/${RUNS} done`);
  }

  const isLarge = HOSTS >= 100_000;
  const n = HOSTS.toLocaleString('en');
  const rowsTarget = isLarge ? 2000 : 1000;
  const keyTarget = isLarge ? 100 : 50;
  const m = median;
  const figures: Figure[] = [
    { name: '/login first paint', target: '<= 100 ms', value: m(login.paint), unit: 'ms', isMet: m(login.paint) <= 100 },
    { name: '/login usable (splash gone)', target: '<= 1,250 ms (1 s splash + 200 ms fade + 50 ms)', value: m(login.usable), unit: 'ms', isMet: m(login.usable) <= 1250 },
    { name: '/login long tasks before usable', target: '<= 100 ms', value: m(login.longTasks), unit: 'ms', isMet: m(login.longTasks) <= 100 },
    { name: `nodes page, ${n} nodes: navigation -> first rows`, target: `<= ${rowsTarget.toLocaleString('en')} ms`, value: m(nodesRuns.rows), unit: 'ms', isMet: m(nodesRuns.rows) <= rowsTarget },
    { name: 'nodes page: keystroke -> filtered rows', target: `<= ${keyTarget} ms`, value: m(nodesRuns.key), unit: 'ms', isMet: m(nodesRuns.key) <= keyTarget },
    { name: 'nodes page: 20 wheel steps of 800 px, frames over 50 ms', target: '0', value: m(nodesRuns.slow), unit: '', isMet: m(nodesRuns.slow) === 0, note: `worst frame ${Math.round(Math.max(...nodesRuns.worst))} ms` },
    { name: `devices page, ${n} hosts: navigation -> first rows`, target: `<= ${rowsTarget.toLocaleString('en')} ms`, value: m(devicesRuns.rows), unit: 'ms', isMet: m(devicesRuns.rows) <= rowsTarget },
    { name: 'devices page: keystroke -> filtered rows', target: `<= ${keyTarget} ms`, value: m(devicesRuns.key), unit: 'ms', isMet: m(devicesRuns.key) <= keyTarget },
    { name: 'devices page: 20 wheel steps of 800 px, frames over 50 ms', target: '0', value: m(devicesRuns.slow), unit: '', isMet: m(devicesRuns.slow) === 0, note: `worst frame ${Math.round(Math.max(...devicesRuns.worst))} ms` },
    { name: 'one node changed through the API -> its row updated', target: '<= 1,000 ms, no full list re-fetch', value: m(nodesRuns.push), unit: 'ms', isMet: m(nodesRuns.push) <= 1000 && m(nodesRuns.pushKiB) < 64, note: `${m(nodesRuns.pushRequests)} list requests, ${Math.round(m(nodesRuns.pushKiB))} KiB` },
    { name: `JS heap, nodes page with ${n} rows`, target: isLarge ? '(no target)' : '<= 60 MiB', value: m(nodesRuns.heap), unit: 'MiB', isMet: isLarge ? undefined : m(nodesRuns.heap) <= 60 },
  ];
  printTable(`Console at ${n} hosts, medians of ${RUNS} run(s), headless Chromium`, figures);
} finally {
  await browser.close();
  await server.close();
}
