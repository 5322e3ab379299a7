import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n } from './i18n/index.ts';

/** Renders the console beneath the splash; resolves once the first page has rendered. */
export async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Rendering waits for the chosen language so no untranslated key ever flashes on screen.
  await initI18n().catch((error: unknown) => console.error('Translations failed to load', error));
  await new Promise<void>((resolve) => {
    createRoot(container).render(
      <StrictMode>
        <App onReady={resolve} />
      </StrictMode>,
    );
  });
}
