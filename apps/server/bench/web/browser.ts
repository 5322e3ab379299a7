import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PROBES, WAIT_FOR_ROWS } from './page-probes.ts';
import type { PageGlobals } from './page-globals.ts';

/**
 * Chromium's own omnibox popup: since Chromium 156 every new headless window loads it as a WebUI page in a renderer of
 * its own (chrome://omnibox-popup.top-chrome), which took 1.5-1.9 s of CPU during each page load measured here, on a
 * 2-core machine, competing with the console being timed. No user of the console sees that page; the benchmark
 * turns it off so its figures are the console's.
 */
export const CHROMIUM_WITHOUT_OWN_UI = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup';

/** The system Chromium with the project's flags (CONVENTIONS: never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      CHROMIUM_WITHOUT_OWN_UI,
    ],
  });
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A fresh context (empty caches) with the probes installed; signed in when a storage state is given. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  storageState?: StorageState,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, storageState });
  await context.addInitScript(PROBES);
  await context.addInitScript(WAIT_FOR_ROWS);
  return context.newPage();
}

/** Signs in through the login form once and returns the session to reuse in later contexts. */
export async function signInState(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
): Promise<StorageState> {
  const page = await openPage(browser, baseURL);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  const state = await page.context().storageState();
  await page.context().close();
  return state;
}

/** Two animation frames: whatever the last input caused has been rendered. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve()));
      }),
  );

/** Used JS heap after a forced garbage collection, in MiB (DevTools protocol). */
export async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}
