import { SPLASH_FADE_MS, SPLASH_REMOVAL_DELAY_MS } from './constants.ts';

/**
 * Lifts the index.html splash (spec: shown 1 s, then a 200 ms fade) and removes it from the DOM. The second
 * counts from navigation start, not from when the script ran, so a slow download does not lengthen it; if
 * the first page is not ready by then, the splash stays until it is, so the form is usable the moment the
 * fade ends. A boot failure lifts it too, so the crash is visible rather than hidden behind the spinner.
 */
export function scheduleSplashLift(appReady: Promise<unknown>): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const shown = new Promise<void>((resolve) =>
    window.setTimeout(resolve, Math.max(0, SPLASH_REMOVAL_DELAY_MS - performance.now())),
  );
  const ready = appReady.catch((error: unknown) => console.error('The console failed to start', error));
  void Promise.all([shown, ready]).then(() => {
    splash.classList.add('is-fading');
    window.setTimeout(() => splash.remove(), SPLASH_FADE_MS);
  });
}

/** Names the splash in the console's language: `common.loading` of the language file, when it has one. */
export function labelSplash(common: unknown): void {
  const loading = (common as { loading?: unknown } | undefined)?.loading;
  if (typeof loading === 'string') document.getElementById('splash')?.setAttribute('aria-label', loading);
}
