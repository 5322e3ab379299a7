import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor code is split into a few stable groups so an app-only release leaves the big, rarely changing
 * chunks (React, Mantine, TanStack) cached in the browser. Pages are lazy chunks of their own.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/, priority: 20 },
  { name: 'tanstack', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    port: 5173,
    // The console and the API share an origin in production; the dev proxy keeps that true locally.
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
