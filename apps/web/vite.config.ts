import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * A few stable vendor groups stay cached across app-only releases. Mantine and TanStack are deliberately not
 * grouped: entry-aware groups split them in an order that broke module initialisation at runtime ("reading
 * 'classes'" in the Mantine chunk), and the default splitting already shares their modules between lazy pages
 * correctly, so /login downloads only the components it renders.
 */
const vendorGroups = [
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
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  // `@/` names the src root, so shared code is imported the same way from any depth.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/size.mjs reads the manifest to measure each page's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
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
