// Compiles the server (and the contracts it imports) into plain ES modules under dist/, so production runs
// `node dist/main.mjs` with no TypeScript loader. npm packages stay external and load from node_modules as
// they are: native ones (better-sqlite3, @node-rs/argon2, pg-native) cannot be bundled, and keeping them all
// external leaves their own module layout (CommonJS, optional requires) untouched.
// Code splitting keeps dist/main.mjs free of imports, so its Node.js version check runs before any of them.
import '../../scripts/check-node.mjs';
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
// Built next to dist and swapped in whole, so a running build never leaves a half-written dist behind.
const staging = path.join(here, `.dist-${process.pid}`);

/** Leaves every npm package external except the workspace's TypeScript-only contracts. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@meshdeck/') ? undefined : { path: args.path, external: true },
    );
  },
};

try {
  await build({
    // mosquitto-files.mjs: the external broker's account files (README, deploy/), runnable without tsx.
    entryPoints: {
      main: path.join(here, 'src', 'main.ts'),
      'mosquitto-files': path.join(here, 'src', 'startup', 'mosquitto-cli.ts'),
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    // Chunks sit beside main.mjs: config.ts finds apps/server as the parent of its own module's folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(staging, outdir);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
console.log(`server build: ${path.relative(process.cwd(), path.join(outdir, 'main.mjs'))}`);
