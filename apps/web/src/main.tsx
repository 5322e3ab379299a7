import { earlyNamespaces, languageChunks, storedLanguage } from './i18n/language-chunks.ts';
import { applyStoredColorScheme } from './lib/color-scheme.ts';
import { earlyListPath, startEarlyListRequest } from './lib/early-request.ts';
import { routeHostedStartToStartup } from './lib/hosted.ts';
import { labelSplash, scheduleSplashLift } from './lib/splash.ts';
import { STORAGE_KEYS, storage } from './lib/storage-keys.ts';

/**
 * The entry stays tiny: index.html paints the splash with no script or stylesheet in the way, and the app
 * (React, Mantine and its CSS) arrives as a lazy chunk, so its stylesheet is injected by script instead of
 * blocking the first paint from the document head.
 */
applyStoredColorScheme();
// A hosted console opened by the account site signs in with the query's start parameters on /startup (spec §2).
routeHostedStartToStartup();
const appReady = import('./boot.tsx').then((module) => module.boot());
scheduleSplashLift(appReady);

// The first screen's other chunks download alongside the app instead of after it has started: the active
// language, and for a visitor with no session the sign-in page every other route sends them to.
const { pathname, search } = window.location;
const language = storedLanguage();
// The splash's accessible name ("Loading Meshdeck" in index.html) in the visitor's language once it is here.
void languageChunks[language]()
  .then((module) => labelSplash(module.default.common))
  .catch(() => undefined);
if (!storage.get(STORAGE_KEYS.token)) {
  if (!/^\/(signup|invite)\b/.test(pathname))
    void import('./features/auth/login-page.tsx').catch(() => undefined);
} else {
  // Signed-in pages wait for the query client in their route guard (lib/deferred-query-client.ts).
  void import('./lib/query-client.ts').catch(() => undefined);
  if (earlyListPath(pathname)) {
    // A deep link to a big list (issue 18): its rows, the network list its guard reads, the shell and the page's
    // code all start now, in parallel, instead of one after another once the router has run its guards.
    startEarlyListRequest(pathname, search);
    const isDevices = /\/devices\/?$/.test(pathname);
    const chunks = isDevices
      ? [import('./features/hosts/hosts-page.tsx')]
      : [import('./features/nodes/nodes-page.tsx'), import('./lib/api/get-networks.ts')];
    void Promise.all([...chunks, import('./routes/protected-shell.tsx')]).catch(() => undefined);
    // And the page's translation namespaces, which its route would otherwise ask for only once the router runs.
    void earlyNamespaces(isDevices ? ['devices', 'nodes'] : ['nodes', 'routing'], language).catch(
      () => undefined,
    );
  }
}
