import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n } from './i18n/index.ts';
import { SPLASH_FADE_MS, SPLASH_REMOVAL_DELAY_MS } from './lib/constants.ts';

/** Fades out the index.html splash after the spec's delay, then removes it from the DOM. */
function removeSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  window.setTimeout(() => {
    splash.classList.add('is-fading');
    window.setTimeout(() => splash.remove(), SPLASH_FADE_MS);
  }, SPLASH_REMOVAL_DELAY_MS);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Rendering waits for the chosen language so no untranslated key ever flashes on screen.
void initI18n()
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    removeSplash();
  });
