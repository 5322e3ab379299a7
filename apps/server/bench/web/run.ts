import type { Browser } from '@playwright/test';
import { seedHosts } from '../../test/bulk-seed.ts';
import { ADMIN, createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { openPage, signInState, type StorageState } from './browser.ts';
import { measureFloor, measureLogin } from './measure-login.ts';
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
}

/** A server serving one console build, with `hosts` hosts seeded in network "scale" and a signed-in session. */
export async function startConsole(
  browser: Browser,
  label: string,
  consoleDir: string,
  hosts: number,
): Promise<Console> {
  const server = await startTestServer({ CONSOLE_DIR: consoleDir });
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'scale', { addressrange: '10.96.0.0/12' });
  const started = performance.now();
  const hostIds = await seedHosts(server.app.meshdeck.database.db, {
    network: 'scale',
    range: '10.96.0.0/12',
    count: hosts,
  });
  console.log(`${label}: seeded ${hosts} hosts in ${Math.round(performance.now() - started)} ms`);
  const nodes = (await server.request<{ id: string; hostid: string }[]>('GET', '/api/nodes/scale', { token }))
    .body;
  const firstNode = nodes.find((node) => node.hostid === hostIds[0]);
  if (!firstNode) throw new Error('seeded node not found');
  const state = await signInState(browser, server.url, ADMIN.username, ADMIN.password);
  return { label, server, token, firstNodeId: firstNode.id, state };
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
  return f;
}
