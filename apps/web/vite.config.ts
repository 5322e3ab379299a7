import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor code is split into a few stable groups so an app-only release leaves the big, rarely changing
 * chunks (React, Mantine, TanStack) cached in the browser. Pages are lazy chunks of their own.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
  // Kits used piecemeal by pages: split by which pages import a module, so the login page never downloads
  // the table or the graph code of other pages just because they share a vendor group.
  {
    name: 'mantine',
    test: /[\\/]node_modules[\\/](@mantine|@floating-ui)[\\/]/,
    priority: 20,
    entriesAware: true,
    entriesAwareMergeThreshold: 8_000,
  },
  {
    name: 'tanstack',
    test: /[\\/]node_modules[\\/]@tanstack[\\/]/,
    priority: 20,
    entriesAware: true,
    entriesAwareMergeThreshold: 8_000,
  },
];

export default defineConfig({
  plugins: [react()],
  // `@/` names the src root, so shared code is imported the same way from any depth.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
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
