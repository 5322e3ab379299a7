// Bundles the agent into one self-contained ES module (dist/meshdeck-agent.mjs) that needs only Node.js 18+ on
// the host. The server offers it for download at /meshclient/files/meshdeck-agent.mjs, so a new device installs
// the agent from the server it joins, with no registry or package repository involved.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, 'dist', 'meshdeck-agent.mjs');

await build({
  entryPoints: [path.join(here, 'src', 'cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'esm',
  minify: true,
  legalComments: 'linked',
  // Bundled CommonJS dependencies (mqtt's) call require(); give the ES module one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __meshdeckRequire } from 'node:module';\nconst require = __meshdeckRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.chmodSync(outfile, 0o755);
// Agents verify an upgrade against this (sha256sum format), served next to the bundle.
const digest = createHash('sha256').update(fs.readFileSync(outfile)).digest('hex');
fs.writeFileSync(`${outfile}.sha256`, `${digest}  meshdeck-agent.mjs\n`);
console.log(
  `agent bundle: ${path.relative(process.cwd(), outfile)} (${(fs.statSync(outfile).size / 1024).toFixed(0)} KiB)`,
);
