import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { flatten, readLanguage } from './i18n-helpers.ts';
import { startOwnServer } from './own-server.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '..', '..');

/** A fresh Pro server of the spec's own (scripts/e2e-server.mjs: compiled server, empty data directory). */
export const startFreshServer = (port: number) => startOwnServer(port, { EDITION: 'pro' });

/**
 * A device joins with the key, running the agent the server offers (its bundled form, in dry-run mode: no
 * WireGuard changes on the test machine). That the wizard's exact command installs and joins as root is
 * proven by the agent's namespace test; here the device only has to exist for remote access.
 */
export async function joinDevice(serverUrl: string, token: string, name: string): Promise<() => void> {
  const download = await fetch(`${serverUrl}/meshclient/files/meshdeck-agent.mjs`);
  expect(download.status, 'the server offers the bundled agent').toBe(200);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-first-hour-'));
  const agentFile = path.join(stateDir, 'meshdeck-agent.mjs');
  fs.writeFileSync(agentFile, Buffer.from(await download.arrayBuffer()), { mode: 0o755 });
  const args = ['join', '--server', serverUrl, '--token', token, '--dry-run', '--state-dir', stateDir];
  const more = ['--name', name, '--endpoint', '198.51.100.9', '--check-in-seconds', '2'];
  const agent: ChildProcess = spawn(process.execPath, [agentFile, ...args, ...more], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  return () => {
    agent.kill('SIGTERM');
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
}

/** Every console error and uncaught page error of a page, to assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * The console's English texts that German says differently: whole texts (a line that is exactly one of them)
 * and the longer fragments between placeholders (found inside a line).
 */
function englishTexts(): { lines: Set<string>; fragments: string[] } {
  const english = flatten(readLanguage('en'));
  const german = flatten(readLanguage('de'));
  const lines = new Set<string>();
  const fragments = new Set<string>();
  for (const [key, text] of english) {
    if (german.get(key) === text) continue;
    // Whole-line matches from five characters: shorter ones ("none") are as often a device's own data.
    if (!text.includes('{{') && text.trim().length >= 5) lines.add(text.trim());
    for (const part of text.split(/\{\{[^}]+\}\}/)) {
      const fragment = part.trim();
      if (fragment.length >= 12 && fragment.includes(' ')) fragments.add(fragment);
    }
  }
  return { lines, fragments: [...fragments] };
}

const ENGLISH = englishTexts();
// English month names German spells otherwise (April, August, September and November are the same), ordinals
// and relative times.
const ENGLISH_DATE =
  /\b(January|February|March|May|June|July|October|December)\b|\b\d{1,2}(st|nd|rd|th)\b|\b(ago|a few seconds)\b/;

/** Records (softly, so one run lists them all) the English texts and dates left on a German page. */
export async function expectNoEnglish(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const lines = text.split('\n').map((line) => line.trim());
  const found = [
    ...lines.filter((line) => ENGLISH.lines.has(line)),
    ...ENGLISH.fragments.filter((fragment) => text.includes(fragment)),
    ...lines.filter((line) => ENGLISH_DATE.test(line)).map((line) => `date: ${line}`),
  ];
  expect.soft(found, `English left on ${page.url()}`).toEqual([]);
}

/** Fails when the page is wider than the window (a horizontal scroll bar on a phone). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    window: window.innerWidth,
  }));
  expect.soft(widths.page, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths.window);
}

/** Fails when the page is taller than the window: the list scrolls inside its table, not the page. */
export async function expectNoVerticalScroll(page: Page): Promise<void> {
  const heights = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    window: window.innerHeight,
  }));
  expect.soft(heights.page, `${page.url()} is taller than the window`).toBeLessThanOrEqual(heights.window);
}
