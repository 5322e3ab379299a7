import type { Browser } from '@playwright/test';
import { seedHosts } from '../../test/bulk-seed.ts';
import { ADMIN, createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { openPage, signInState, type StorageState } from './browser.ts';
import { measureFloor, measureLogin } from './measure-login.ts';
import { graphDrawn, graphFrames, matrixRequest } from './measure-metrics.ts';
import { seedMetrics } from './seed-metrics.ts';
import {
  firstRowsWork,
  heapMiB,
  keystroke,
  listRequestTiming,
  wholeListShown,
  pushedChange,
  wheelFrames,
} from './measure-list.ts';

export interface Console {
  label: string;
  server: TestServer;
  token: string;
  firstNodeId: string;
  state: StorageState;
  /** Nodes of network "matrix" (a full mesh of metrics) and the matrix API's timings measured once at start. */
  matrixNodes: number;
  matrixApi: RunFigures;
  hostsCount: number;
}

/** Nodes in network "matrix", every pair measured (BENCH_MATRIX_NODES, default 1,000: 999,000 pairs). */
const MATRIX_NODES = Number(process.env.BENCH_MATRIX_NODES ?? 1000);
/** Peers each node of network "scale" measured (its graph reads them; a full mesh of 10,000 is 100 million). */
const SCALE_PEERS = 10;

/** Times one matrix API read in ms, and its body's size in KiB. */
async function timedMatrix(server: TestServer, token: string, query: string) {
  const started = performance.now();
  const answer = await server.request<unknown>('GET', `/api/console/metrics/matrix/matrix?${query}`, {
    token,
  });
  if (answer.status !== 200) throw new Error(`matrix read answered ${answer.status}`);
  return { ms: performance.now() - started, kib: JSON.stringify(answer.body).length / 1024 };
}

/** A server serving one console build, with `hosts` hosts seeded in network "scale" and a signed-in session. */
export async function startConsole(
  browser: Browser,
  label: string,
  consoleDir: string,
  hosts: number,
): Promise<Console> {
  // Pro: the metrics page is a Pro page (checklist §3.20).
  const server = await startTestServer({ CONSOLE_DIR: consoleDir, EDITION: 'pro' });
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'scale', { addressrange: '10.96.0.0/12' });
  const started = performance.now();
  const hostIds = await seedHosts(server.app.meshdeck.database.db, {
    network: 'scale',
    range: '10.96.0.0/12',
    count: hosts,
  });
  console.log(`${label}: seeded ${hosts} hosts in ${Math.round(performance.now() - started)} ms`);
  const db = server.app.meshdeck.database.db;
  const scaleMetrics = await seedMetrics(db, 'scale', function* (i, count) {
    for (let k = 1; k <= SCALE_PEERS; k++) yield (i + k) % count;
  });
  await createNetwork(server, token, 'matrix', { addressrange: '10.112.0.0/16' });
  // Named apart from "scale"'s hosts, so the devices page's keystroke figure still finds exactly one row.
  await seedHosts(db, {
    network: 'matrix',
    range: '10.112.0.0/16',
    count: MATRIX_NODES,
    namePrefix: 'mx-node-',
  });
  const seededAt = performance.now();
  const matrixMetrics = await seedMetrics(db, 'matrix', function* (_i, count) {
    for (let j = 0; j < count; j++) yield j;
  });
  console.log(
    `${label}: metrics seeded: scale ${scaleMetrics.pairs.toLocaleString('en')} pairs, matrix ${matrixMetrics.pairs.toLocaleString('en')} pairs (${Math.round(matrixMetrics.bytes / 1e6)} MB of stored bodies) in ${Math.round(performance.now() - seededAt)} ms`,
  );
  // The problems-only index is per replica: its first read parses every body, later ones only what changed.
  const firstWindow = await timedMatrix(server, token, 'rows=100&cols=12');
  const problemsCold = await timedMatrix(server, token, 'rows=100&cols=12&problems=true');
  const problemsWarm = await timedMatrix(server, token, 'rows=100&cols=12&problems=true');
  const matrixApi: RunFigures = {
    apiWindowMs: firstWindow.ms,
    apiWindowKiB: firstWindow.kib,
    apiProblemsColdMs: problemsCold.ms,
    apiProblemsWarmMs: problemsWarm.ms,
  };
  const nodes = (await server.request<{ id: string; hostid: string }[]>('GET', '/api/nodes/scale', { token }))
    .body;
  const firstNode = nodes.find((node) => node.hostid === hostIds[0]);
  if (!firstNode) throw new Error('seeded node not found');
  const state = await signInState(browser, server.url, ADMIN.username, ADMIN.password);
  return {
    label,
    server,
    token,
    firstNodeId: firstNode.id,
    state,
    matrixNodes: MATRIX_NODES,
    matrixApi,
    hostsCount: hosts,
  };
}

/** Every figure of one run, by name. */
export type RunFigures = Record<string, number>;

/** One run over one console: /login, then the nodes page, then the devices page, each in a fresh context. */
export async function measureRun(browser: Browser, target: Console, run: number): Promise<RunFigures> {
  const f: RunFigures = {};
  f.floorPaint = await measureFloor(browser, target.server.url);
  const login = await measureLogin(browser, target.server.url);
  f.loginPaint = login.firstPaintMs;
  f.loginUsable = login.usableMs;
  f.loginLongTasks = login.longTasksBeforeUsableMs;

  const page = await openPage(browser, target.server.url, target.state);
  const nodesWork = await firstRowsWork(page, '/networks/scale/nodes');
  f.nodesRows = nodesWork.rowsMs;
  f.nodesMainThread = nodesWork.mainThreadMs;
  f.nodesScript = nodesWork.scriptMs;
  const nodesList = await listRequestTiming(page);
  f.nodesSent = nodesList.sentAt;
  f.nodesFirstAnswered = nodesList.firstAnsweredAt;
  f.nodesAfterAnswer = f.nodesRows - nodesList.firstAnsweredAt;
  await wholeListShown(page);
  f.nodesAllAnswered = (await listRequestTiming(page)).allAnsweredAt;
  f.heap = await heapMiB(page);
  const wheel = await wheelFrames(page);
  f.nodesSlow = wheel.slowFrames;
  f.nodesWorst = wheel.worstMs;
  const address = `10.111.${run}.${200 + run}`;
  const push = await pushedChange(page, 'scale-host-000000', address, async () => {
    const answer = await target.server.request('PUT', `/api/nodes/scale/${target.firstNodeId}`, {
      token: target.token,
      body: { address },
    });
    if (answer.status !== 200) throw new Error(`PUT node answered ${answer.status}`);
  });
  f.push = push.ms;
  f.pushRequests = push.listRequests;
  f.pushKiB = push.listBytes / 1024;
  f.nodesKey = await keystroke(page, 'host-00012', '3');
  await page.context().close();

  const devices = await openPage(browser, target.server.url, target.state);
  const devicesWork = await firstRowsWork(devices, '/devices');
  f.devicesRows = devicesWork.rowsMs;
  f.devicesMainThread = devicesWork.mainThreadMs;
  f.devicesScript = devicesWork.scriptMs;
  const devicesList = await listRequestTiming(devices);
  f.devicesSent = devicesList.sentAt;
  f.devicesFirstAnswered = devicesList.firstAnsweredAt;
  f.devicesAfterAnswer = f.devicesRows - devicesList.firstAnsweredAt;
  await wholeListShown(devices);
  f.devicesAllAnswered = (await listRequestTiming(devices)).allAnsweredAt;
  const devicesWheel = await wheelFrames(devices);
  f.devicesSlow = devicesWheel.slowFrames;
  f.devicesWorst = devicesWheel.worstMs;
  f.devicesKey = await keystroke(devices, 'host-00012', '3');
  await devices.context().close();

  const metrics = await openPage(browser, target.server.url, target.state);
  const metricsWork = await firstRowsWork(metrics, '/networks/matrix/metrics');
  f.metricsRows = metricsWork.rowsMs;
  f.metricsMainThread = metricsWork.mainThreadMs;
  const window = await matrixRequest(metrics);
  f.metricsAnswered = window.answeredAt;
  f.metricsKiB = window.bytes / 1024;
  const metricsWheel = await wheelFrames(metrics);
  f.metricsSlow = metricsWheel.slowFrames;
  f.metricsWorst = metricsWheel.worstMs;
  f.metricsHeap = await heapMiB(metrics);
  await metrics.context().close();
  Object.assign(f, target.matrixApi);

  const graph = await openPage(browser, target.server.url, target.state);
  f.graphDrawn = await graphDrawn(graph, '/networks/scale/graph', target.hostsCount);
  const graphMoves = await graphFrames(graph);
  f.graphSlow = graphMoves.slowFrames;
  f.graphWorst = graphMoves.worstMs;
  await graph.context().close();
  return f;
}
