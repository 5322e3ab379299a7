import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FEATURE_NAMESPACES, initI18n, loadTranslations } from '@/i18n/index.ts';

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
