import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenModules } from './vite-first-screen.ts';
import { mantineStylesCheck } from './vite-mantine-styles.ts';
import { precompress } from './vite-precompress.ts';

/**
 * Few chunks, not many (issue 18). Rolldown's default splitting cut the console into ~180 chunks, one per set of
 * lazy pages sharing a module, and a deep link to the nodes page fetched ~110 of them over the browser's six
 * connections, most under 1 KiB, each paying a request, a response and a module record on the page's main thread.
 * The groups below make ~40: what /login needs, the UI libraries, the code several pages share, and each page's
 * own. Measured with `npm run bench:web` (BENCH_BEFORE_DIR=<old build>): first rows 7-16% sooner at 10,000 rows.
 *
 * /login stays free of Mantine and TanStack Query (docs/decisions/021): 'start' holds boot and the sign-in page
 * with everything they import, so 'ui' and 'console' only ever hold what signed-in pages need. The modules the
 * entry script imports get a tiny chunk of their own, preloaded from index.html, because otherwise 'start' would
 * take them and the entry (which sends the early list request) would wait for all of 'start' to run first.
 */
const ENTRY_MODULES =
  /[\\/]src[\\/](lib[\\/](constants|storage-keys|color-scheme|early-request|search-fields|splash|hosted|runtime-settings)\.ts|i18n[\\/]language-chunks\.ts|version\.ts)$/;
const firstScreen = firstScreenModules(
  [
    /[\\/]src[\\/]features[\\/]nodes[\\/]nodes-page\.tsx$/,
    /[\\/]src[\\/]features[\\/]hosts[\\/]hosts-page\.tsx$/,
    /[\\/]src[\\/]routes[\\/]protected-shell\.tsx$/,
    /[\\/]src[\\/]routes[\\/]list-prefetch\.ts$/,
    // The page after sign-in: in 'shared' it pulled that whole ~21 KiB chunk for a few KiB of it (issue 33).
    /[\\/]src[\\/]routes[\\/]dashboard-view\.tsx$/,
  ],
  'console',
  'shared',
);
const chunkGroups = [
  { name: 'entry', test: ENTRY_MODULES, priority: 40 },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
  // TanStack Query's core loads after the sign-in form (lib/deferred-query-client.ts), in its own chunk so the
  // default splitting cannot merge it into a chunk /login needs. The context and `queryOptions`, which the boot
  // code uses, get a small group of their own first (a group also takes its modules' imports).
  {
    name: 'query-context',
    test: /[\\/]@tanstack[\\/]react-query[\\/].*[\\/](QueryClientProvider|queryOptions)\.js$/,
    priority: 15,
  },
  { name: 'start', test: /[\\/]src[\\/](boot\.tsx|features[\\/]auth[\\/]login-page\.tsx)$/, priority: 12 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 10 },
  // One chunk for Mantine, the icons and the other libraries: split per page, Mantine's modules once ran in an
  // order that broke its initialisation ("reading 'classes'"); whole, they run in their own order.
  // The graph page's WebGL renderer and graph model (~60 KiB gzip): its own chunk, loaded with that page only,
  // or 'ui' would take it and every signed-in page would download it (decision 056).
  {
    name: 'graph-libs',
    test: /[\\/]node_modules[\\/](sigma|graphology|graphology-utils|events)[\\/]/,
    priority: 9,
  },
  // The analytics page's chart library (uPlot, ~20 KiB gzip): its own chunk for that page only (decision 064).
  { name: 'chart-libs', test: /[\\/]node_modules[\\/]uplot[\\/]/, priority: 9 },
  { name: 'ui', test: /[\\/]node_modules[\\/]/, priority: 8 },
  // The sign-in page's SSO button, loaded after the form: its own chunk, or 'console' would take it (the invite
  // page shares it) and bring Mantine along.
  {
    name: 'sso-button',
    test: /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]sso-button\.tsx$/,
    priority: 6,
  },
  // App code two or more lazy pages share (layout, data table, API calls, contracts); a page's own code stays
  // in its page chunk. What the big list pages and the shell reach is one chunk, the rest another: a deep link to
  // a list page then does not evaluate the other pages' dialogs and forms and the contract schemas only they use
  // (building zod schemas ran ~50-80 ms of the page's start-up on this machine's 2 cores; decision 025).
  { name: 'console', test: (id: string) => firstScreen.has(id), minShareCount: 2, priority: 5 },
  { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 4 },
];

export default defineConfig({
  plugins: [
    firstScreen.plugin,
    react(),
    precompress(),
    mantineStylesCheck(fileURLToPath(new URL('./src/mantine-components.css', import.meta.url))),
  ],
  // `@/` names the src root, so shared code is imported the same way from any depth.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/size.mjs reads the manifest to measure each page's initial JavaScript.
    manifest: true,
    // The 'ui' group is one ~630 KiB chunk on purpose (see chunkGroups).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
        // Entry-aware chunks are named after every page that shares them; the group name alone reads better.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        assetFileNames: (asset) =>
          `assets/${(asset.names[0] ?? 'asset').split('~')[0]?.replace(/\.[^.]+$/, '')}-[hash][extname]`,
      },
    },
  },
  server: {
    port: 5173,
    // The console and the API share an origin in production; the dev proxy keeps that true locally.
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
