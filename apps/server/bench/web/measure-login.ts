import type { Browser } from '@playwright/test';
import { openPage } from './browser.ts';
import type { PageGlobals } from './page-globals.ts';

export interface LoginFigures {
  firstPaintMs: number;
  usableMs: number;
  longTasksBeforeUsableMs: number;
}

/** /login in a fresh context: first paint, form usable (splash gone), long-task time before it. */
export async function measureLogin(browser: Browser, baseURL: string): Promise<LoginFigures> {
  const page = await openPage(browser, baseURL);
  await page.goto('/login');
  try {
    await page.waitForFunction(
      () => (globalThis as unknown as PageGlobals).__bench.usableAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    // One stuck run (a loaded machine) must not lose the others: this run counts as n/a, and says why.
    const text = await page
      .evaluate(() =>
        (
          globalThis as unknown as { document: { body: { innerText: string } } }
        ).document.body.innerText.slice(0, 200),
      )
      .catch(() => '');
    console.error(
      `login on ${baseURL}: not usable within 30 s (${String(error).split('\n')[0]}); page: ${text}`,
    );
    await page.context().close();
    return { firstPaintMs: Number.NaN, usableMs: Number.NaN, longTasksBeforeUsableMs: Number.NaN };
  }
  const figures = await page.evaluate(() => {
    const bench = (globalThis as unknown as PageGlobals).__bench;
    const usableAt = bench.usableAt ?? Number.NaN;
    const paint =
      performance.getEntriesByName('first-paint')[0] ??
      performance.getEntriesByName('first-contentful-paint')[0];
    const longTasks = bench.longTasks
      .filter((task) => task.start < usableAt)
      .reduce((sum, task) => sum + task.duration, 0);
    return {
      firstPaintMs: paint?.startTime ?? Number.NaN,
      usableMs: usableAt,
      longTasksBeforeUsableMs: longTasks,
    };
  });
  await page.context().close();
  return figures;
}

/**
 * The machine's floor for the first-paint figures: an empty page answered with the console's own response headers
 * (taken from its /login answer), opened the same way, in a fresh context. No console code runs, so no change to
 * the console can paint sooner than this. Cross-Origin-Opener-Policy: same-origin, which the console sends on
 * purpose, makes the browser move the page out of the blank tab's process into a new one; on a 2-core machine that
 * alone costs ~100-150 ms.
 */
export async function measureFloor(browser: Browser, baseURL: string): Promise<number> {
  const answer = await fetch(new URL('/login', baseURL));
  await answer.arrayBuffer();
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|etag|date|connection|keep-alive|transfer-encoding)$/i.test(name))
      headers[name] = value;
  });
  const page = await openPage(browser, baseURL);
  await page.route('**/bench-floor', (route) =>
    route.fulfill({ status: 200, headers, body: '<!doctype html><html><body><p>floor</p></body></html>' }),
  );
  await page.goto('/bench-floor');
  // No named function inside: tsx would wrap it in a helper the page does not have.
  const paint = (await (
    await page.waitForFunction(
      () =>
        (
          performance.getEntriesByName('first-paint')[0] ??
          performance.getEntriesByName('first-contentful-paint')[0]
        )?.startTime,
    )
  ).jsonValue()) as number;
  await page.context().close();
  return paint;
}
