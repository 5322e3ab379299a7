import type { Page } from '@playwright/test';
import { nextFrames } from './browser.ts';
import type { PageGlobals } from './page-globals.ts';

interface Timed {
  name: string;
  startTime: number;
  requestStart: number;
  responseEnd: number;
  encodedBodySize: number;
}

/** The metrics page's matrix window request (Resource Timing): sent, answered, and the body's size in bytes. */
export function matrixRequest(page: Page): Promise<{ sentAt: number; answeredAt: number; bytes: number }> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { performance: { getEntriesByType(type: string): unknown[] } };
    const entries = g.performance.getEntriesByType('resource') as Timed[];
    const first = entries.find((entry) => entry.name.includes('/api/console/metrics/'));
    return {
      sentAt: first?.startTime ?? Number.NaN,
      answeredAt: first?.responseEnd ?? Number.NaN,
      bytes: first?.encodedBodySize ?? Number.NaN,
    };
  });
}

/** Opens the graph page and returns navigation start -> the first frame that drew at least `nodes` nodes (ms). */
export async function graphDrawn(page: Page, path: string, nodes: number): Promise<number> {
  await page.goto(path);
  const handle = await page.waitForFunction(
    (least) => {
      const g = globalThis as unknown as {
        document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null };
        performance: { now(): number };
      };
      const drawn = Number(g.document.querySelector('[data-testid="graph-canvas"]')?.dataset.drawnNodes ?? 0);
      return drawn >= least ? g.performance.now() : false;
    },
    nodes,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Zooms in with 10 wheel steps, then pans with a 20-step drag, over the graph: frames over 50 ms, the worst. */
export async function graphFrames(page: Page): Promise<{ slowFrames: number; worstMs: number }> {
  const box = await page.locator('[data-testid="graph-canvas"]').boundingBox();
  if (!box) throw new Error('no graph canvas');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.evaluate(() => {
    const b = (globalThis as unknown as PageGlobals).__bench;
    b.frames = [];
    b.isRecording = true;
  });
  for (let step = 0; step < 10; step++) {
    await page.mouse.wheel(0, -240);
    await nextFrames(page);
  }
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(x + step * 15, y + step * 8);
    await nextFrames(page);
  }
  await page.mouse.up();
  await nextFrames(page);
  return page.evaluate(() => {
    const b = (globalThis as unknown as PageGlobals).__bench;
    b.isRecording = false;
    const gaps = b.frames.slice(1).map((at, index) => at - (b.frames[index] ?? at));
    return { slowFrames: gaps.filter((gap) => gap > 50).length, worstMs: Math.max(0, ...gaps) };
  });
}
