import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/*
 * Component files share their worker, its jsdom window and the libraries it loaded (`isolate: false` in
 * vitest.config.ts, decision 068): a fresh window and a fresh import of React, Mantine and TanStack cost ~9 s per
 * file. What a file could leave behind for the next one is reset here, before each file, so each file starts as
 * it would in a worker of its own:
 * - the console's own modules (src/): imported afresh, so module-level state (session, stores, hosted mode,
 *   branding) starts over and each file's vi.mock of the API client reaches every page it imports. Libraries in
 *   node_modules run natively and stay loaded: that is the saving.
 * - the window: storage, the URL, the document, fake timers and stubbed globals.
 * - Mantine's notification store (a library's module state): notifications an earlier file left open (fake timers,
 *   no auto-close) filled its visible limit, so a later file's notification waited in the queue, unseen (a
 *   create-network test in the closing check's mixed run).
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
document.head.replaceChildren();
document.body.replaceChildren();
document.title = '';
notifications.clean();

// Pages are lazy chunks with lazily loaded translations: on a loaded CI machine the first import can take longer
// than the 1 s default wait (a hosted start page once took over 5 s in CI). This is how long findBy* keeps
// looking, not an assertion about speed.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine reads (media queries, element resizing, scrolling).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();

// Imported after the reset above, so this file and the test file share one fresh copy of i18n/index.ts (and of
// the branding it listens to).
const { FEATURE_NAMESPACES, initI18n, loadTranslations } = await import('@/i18n/index.ts');
// Tests read real English text, exactly as a user sees it.
await initI18n();
// Feature namespaces load with their route in the console (decision 044); components rendered alone need them all.
await loadTranslations(FEATURE_NAMESPACES);

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// i18next is a library, loaded once per worker: the listener initI18n added for this file's copy of the console's
// modules goes with it, or the next file would run it too.
afterAll(() => {
  i18next.off('languageChanged');
});
