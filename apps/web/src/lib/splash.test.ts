import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '@/i18n/de.json';
import { labelSplash, scheduleSplashLift } from './splash.ts';

const splash = () => document.getElementById('splash');

describe('scheduleSplashLift', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(0);
    document.body.innerHTML = '<div id="splash"></div>';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('when the app is ready early, then the splash fades 1 s after navigation start and is gone 200 ms later', async () => {
    scheduleSplashLift(Promise.resolve());
    await vi.advanceTimersByTimeAsync(999);
    expect(splash()?.classList.contains('is-fading')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(splash()?.classList.contains('is-fading')).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(splash()).toBeNull();
  });

  it('when the app is not ready after 1 s, then the splash stays until it is', async () => {
    let ready: () => void = () => undefined;
    scheduleSplashLift(new Promise<void>((resolve) => (ready = resolve)));
    await vi.advanceTimersByTimeAsync(5000);
    expect(splash()?.classList.contains('is-fading')).toBe(false);
    ready();
    await vi.advanceTimersByTimeAsync(200);
    expect(splash()).toBeNull();
  });

  it('when the app fails to start, then the splash lifts anyway so the failure is visible', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    scheduleSplashLift(Promise.reject(new Error('chunk failed')));
    await vi.advanceTimersByTimeAsync(1200);
    expect(splash()).toBeNull();
  });
});

describe('labelSplash', () => {
  it("when the German language file arrives, then the splash's accessible name is German, not index.html's English", () => {
    document.body.innerHTML = '<div id="splash" role="progressbar" aria-label="Loading Meshdeck"></div>';
    labelSplash(de.common);
    expect(splash()?.getAttribute('aria-label')).toBe('Wird geladen…');
    labelSplash(undefined);
    expect(splash()?.getAttribute('aria-label')).toBe('Wird geladen…');
  });
});
