import type { Page, Request } from '@playwright/test';
import { heapMiB, nextFrames } from './browser.ts';
import type { PageGlobals } from './page-globals.ts';

const bench = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).__bench);

/** Opens a list page in a fresh page and returns navigation start -> first rows painted, in ms. */
export async function firstRows(page: Page, path: string): Promise<number> {
  return (await firstRowsWork(page, path)).rowsMs;
}

export interface FirstRowsWork {
  /** Navigation start -> first rows painted. */
  rowsMs: number;
  /** CPU time of the page's main thread until then: all its tasks, and of that JavaScript. */
  mainThreadMs: number;
  scriptMs: number;
}

/**
 * `firstRows`, and the main thread's CPU time until the rows are painted (DevTools protocol, thread time). On a
 * 2-core machine shared with the server, navigation -> first rows swings by ±150 ms from run to run; the CPU time
 * the page spends swings far less, so it shows whether a change made the page's own work smaller.
 */
export async function firstRowsWork(page: Page, path: string): Promise<FirstRowsWork> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(path);
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).__bench.firstRowAt !== undefined,
    undefined,
    { timeout: 120_000 },
  );
  const rowsMs = (await bench(page)).firstRowAt ?? Number.NaN;
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return { rowsMs, mainThreadMs: seconds('TaskDuration') * 1000, scriptMs: seconds('ScriptDuration') * 1000 };
}

/**
 * The page's two list requests (`/api/console/...`) from the Resource Timing buffer, in ms from navigation start:
 * when the first rows were asked for and had arrived (`?...limit=`), and when the whole list had arrived, so a
 * figure can split "server and network" from "what the page does with the rows" (issue 18 at 100,000 rows).
 */
export async function listRequestTiming(
  page: Page,
): Promise<{ sentAt: number; firstAnsweredAt: number; allAnsweredAt: number }> {
  return page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const lists = g.performance
      .getEntriesByType('resource')
      .filter((item) => /\/api\/console\/(nodes|hosts)\b/.test(item.name));
    const first = lists.find((item) => /[?&]limit=/.test(item.name));
    const all = lists.find((item) => !item.name.includes('?'));
    return {
      sentAt: first?.startTime ?? Number.NaN,
      firstAnsweredAt: first?.responseEnd ?? Number.NaN,
      allAnsweredAt: all?.responseEnd ?? Number.NaN,
    };
  });
}

/**
 * Waits until the page's whole list (the list request without a query) has arrived and two frames have passed,
 * so keystrokes, scrolling and the heap are measured on every row, not on the first rows shown before it.
 */
export async function wholeListShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PageGlobals).performance
        .getEntriesByType('resource')
        .some((item) => /\/api\/console\/(nodes|hosts)\b[^?]*$/.test(item.name)),
    undefined,
    { timeout: 120_000 },
  );
  await nextFrames(page);
  await nextFrames(page);
}

/** Waits in the page until the rows on screen satisfy "exactly these names" (by substring). */
function waitForRows(page: Page, expected: { count?: number; includes: string; row?: string }) {
  return page.evaluate((want) => {
    const w = globalThis as unknown as PageGlobals;
    return w.__waitForRows((rows) => {
      if (want.row !== undefined)
        return rows.some((text) => text.includes(want.row ?? '') && text.includes(want.includes));
      return (
        (want.count === undefined || rows.length === want.count) &&
        rows.length > 0 &&
        rows.every((text) => text.includes(want.includes))
      );
    });
  }, expected);
}

/** Types a prefix into the search box, then times one keystroke until the one matching row is on screen. */
export async function keystroke(page: Page, prefix: string, key: string): Promise<number> {
  const input = page.locator('input[aria-label*="earch"]').first();
  await input.fill(prefix);
  await waitForRows(page, { includes: prefix });
  await page.evaluate(() => {
    const b = (globalThis as unknown as PageGlobals).__bench;
    (globalThis as unknown as PageGlobals).document.addEventListener(
      'keydown',
      (event) => (b.keyAt = event.timeStamp),
      {
        capture: true,
        once: true,
      },
    );
  });
  const painted = waitForRows(page, { count: 1, includes: prefix + key });
  await input.press(key);
  const at = await painted;
  return at - ((await bench(page)).keyAt ?? Number.NaN);
}

/** 20 wheel steps of 800 px over the table: frames over 50 ms and the worst frame. */
export async function wheelFrames(
  page: Page,
): Promise<{ slowFrames: number; worstMs: number; scrolledPx: number }> {
  const box = await page.locator('tr[data-row-id]').first().boundingBox();
  if (!box) throw new Error('no table row to scroll over');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    const b = (globalThis as unknown as PageGlobals).__bench;
    b.frames = [];
    b.isRecording = true;
  });
  for (let step = 0; step < 20; step++) {
    await page.mouse.wheel(0, 800);
    await nextFrames(page);
  }
  const result = await page.evaluate(() => {
    const b = (globalThis as unknown as PageGlobals).__bench;
    b.isRecording = false;
    const gaps = b.frames.slice(1).map((at, index) => at - (b.frames[index] ?? at));
    const scroller = (globalThis as unknown as PageGlobals).document
      .querySelector('tr[data-row-id]')
      ?.closest('[data-scroll], div[style*="height"]');
    return {
      slowFrames: gaps.filter((gap) => gap > 50).length,
      worstMs: Math.max(0, ...gaps),
      scrolledPx: scroller?.scrollTop ?? 0,
    };
  });
  await page.evaluate(() => {
    const scroller = (globalThis as unknown as PageGlobals).document
      .querySelector('tr[data-row-id]')
      ?.closest('[data-scroll], div[style*="height"]');
    scroller?.scrollTo({ top: 0 });
  });
  await nextFrames(page);
  return result;
}

export interface PushFigures {
  ms: number;
  /** Requests to list routes after the change (a full re-download shows here). */
  listRequests: number;
  listBytes: number;
}

/** Changes one node through the API while the nodes page is open; times until its row shows the change. */
export async function pushedChange(
  page: Page,
  row: string,
  newText: string,
  change: () => Promise<void>,
): Promise<PushFigures> {
  let listRequests = 0;
  let listBytes = 0;
  const pending = new Set<Promise<unknown>>();
  const isList = (request: Request) =>
    request.method() === 'GET' && /\/api\/(nodes|hosts|console)/.test(request.url());
  const onRequest = (request: Request) => {
    if (!isList(request)) return;
    listRequests += 1;
    const done = request
      .response()
      .then(() => request.sizes())
      .then((sizes) => (listBytes += sizes.responseBodySize))
      .catch(() => undefined);
    pending.add(done);
  };
  page.on('request', onRequest);
  const shown = waitForRows(page, { row, includes: newText });
  const started = Date.now();
  await change();
  await shown;
  const ms = Date.now() - started;
  // Requests the change caused have started by the time the row shows; wait for their bodies before counting.
  await nextFrames(page);
  await Promise.all(pending);
  page.off('request', onRequest);
  return { ms, listRequests, listBytes };
}

export { heapMiB };
