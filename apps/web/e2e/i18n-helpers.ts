import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');

type Tree = { [key: string]: string | Tree };
const readJson = (file: string): Tree => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;

/** Every text of one language: the start file and each feature namespace's folder (decision 044). */
export function readLanguage(code: string): Tree {
  const tree = readJson(path.join(i18nDir, `${code}.json`));
  for (const entry of fs.readdirSync(i18nDir, { withFileTypes: true })) {
    const file = path.join(i18nDir, entry.name, `${code}.json`);
    if (entry.isDirectory() && fs.existsSync(file)) tree[entry.name] = readJson(file);
  }
  return tree;
}

/** Every text of a tree by its dotted key. */
export function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(id, value);
    else flatten(value, id, out);
  }
  return out;
}

/**
 * English UI words German never uses (checked against every German text by german.spec.ts), matched as whole
 * words, case as written: the small words of English sentences and the console's own labels. Words German shares
 * (Dashboard, Status, Name, Tags, Gateway, Export ...) are not here.
 */
export const ENGLISH_WORDS = [
  'the',
  'and',
  'with',
  'your',
  'you',
  'this',
  'that',
  'for',
  'of',
  'are',
  'is',
  'not',
  'yet',
  'here',
  'will',
  'Add',
  'Create',
  'Delete',
  'Remove',
  'Edit',
  'Save',
  'Cancel',
  'Close',
  'Search',
  'Refresh',
  'Copy',
  'Devices',
  'Device',
  'Keys',
  'Key',
  'Users',
  'User',
  'Groups',
  'Group',
  'Roles',
  'Nodes',
  'Profile',
  'Password',
  'Language',
  'Logout',
  'Loading',
  'Welcome',
  'Healthy',
  'Unknown',
  'Expires',
  'Expired',
  'Created',
  'Updated',
  'Last',
  'Show',
  'Open',
  'Actions',
  'Enabled',
  'Disabled',
  'Yes',
  'All',
  'Select',
  'Next',
  'Back',
  'Policy',
  'Policies',
  'Members',
  'Invite',
  'Invites',
  'Pending',
  'Getting',
  'started',
  'Metrics',
  'Analytics',
  'Manage',
  'Account',
  'Dark',
  'Switch',
  'Connected',
  'Addresses',
  'Ranges',
  'Public',
  'Uses',
  'Unlimited',
  'Enrollment',
  'Description',
  'New',
  'Unstable',
  'Error',
];

/** English month names German writes otherwise, English ordinals (26th) and relative times (3 minutes ago). */
export const ENGLISH_DATE =
  /\b(January|February|March|May|June|July|October|December)\b|\b\d{1,2}(st|nd|rd|th)\b|\b(ago|a few seconds|minutes?|hours?|days?)\b/;

const WORD_PATTERN = new RegExp(`(?<![\\p{L}\\p{N}_-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{N}_-])`, 'u');

/** The German words of `texts` that are in the English list, to prove the list holds no German word. */
export const englishWordsIn = (texts: Iterable<string>): string[] =>
  [...texts].flatMap((text) => {
    const match = WORD_PATTERN.exec(text);
    return match ? [`${match[1]}: ${text}`] : [];
  });

/**
 * What a person reads on the page: visible text (commands in code blocks and typed input left out), the
 * placeholders, accessible names and tooltips of visible elements, and the document title.
 */
export async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('code, pre, kbd, script, style, textarea')) continue;
      if (parent.checkVisibility()) texts.push(text);
    }
    for (const element of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Records (softly, so one walk lists every page) the English words and dates left on a German page. */
export async function expectGermanOnly(page: Page): Promise<void> {
  const texts = await readableTexts(page);
  const found = [
    ...englishWordsIn(texts),
    ...texts.filter((text) => ENGLISH_DATE.test(text)).map((text) => `date: ${text}`),
  ];
  expect.soft([...new Set(found)], `English left on ${page.url()}`).toEqual([]);
}
