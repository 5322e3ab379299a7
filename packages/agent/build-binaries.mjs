// `npm run build:agent-binaries -w packages/agent`: the agent as one executable file per Linux architecture,
// needing no Node.js on the host (Node's single executable applications). The agent is bundled as CommonJS (what
// a single executable runs), turned into a blob without code cache or snapshot (both are specific to the V8 build
// and CPU that made them; without them one blob runs in the x64 and the arm64 Node alike), and injected into a
// copy of each official Node binary of the pinned version: the machine's own architecture from the `node`
// devDependency, the other one fetched once with `npm pack node-linux-<arch>@<version>` into .cache/ (gitignored).
// Only that first fetch needs the network. `npm start` builds the machine's own architecture offline
// (`node build-binaries.mjs --host`, from scripts/build-if-stale.mjs; decision 027). Outputs go next to the .mjs
// bundle with sha256 files, served by the server.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.join(here, 'dist');
const work = path.join(here, '.cache', 'sea');
const cache = path.join(here, '.cache');
// The pinned Node (the `node` devDependency) makes the blob and fixes the version of every executable.
const pinnedNode = path.join(root, 'node_modules', 'node', 'bin', 'node');
const version = execFileSync(pinnedNode, ['--version'], { encoding: 'utf8' }).trim().slice(1);
const arches = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const SUPPORTED = ['x64', 'arm64'];
// --host: only this machine's architecture, and nothing at all where no Linux executable can be made from it.
const isHostOnly = process.argv.includes('--host');
const wanted = isHostOnly
  ? process.platform === 'linux' && SUPPORTED.includes(process.arch)
    ? [process.arch]
    : []
  : arches.length > 0
    ? arches
    : SUPPORTED;
if (wanted.length === 0) {
  console.log(`agent executable: none for ${process.platform}-${process.arch} (Linux x64 and arm64 only)`);
  process.exit(0);
}
// The fuse postject flips so Node looks for the blob (Node's documented sentinel).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

// Each build works in a folder of its own: tests and `npm start` may build at the same time, and a blob or a
// half-injected copy must never be another build's input. Outputs reach dist/ by rename, which is atomic.
const scratch = path.join(work, `build-${process.pid}`);
fs.mkdirSync(scratch, { recursive: true });
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
fs.mkdirSync(dist, { recursive: true });
const main = path.join(scratch, 'meshdeck-agent.cjs');
await build({
  entryPoints: [path.join(here, 'src', 'cli.ts')],
  outfile: main,
  bundle: true,
  platform: 'node',
  target: `node${version.split('.')[0]}`,
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const blob = path.join(scratch, 'meshdeck-agent.blob');
const seaConfig = path.join(scratch, 'sea-config.json');
fs.writeFileSync(
  seaConfig,
  JSON.stringify({
    main,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: false,
    useSnapshot: false,
  }),
);
// The blob is made by the same Node version that runs inside the executables.
execFileSync(pinnedNode, ['--experimental-sea-config', seaConfig], { stdio: 'pipe' });

/** The official Node binary of this version for `arch`. */
function nodeBinary(arch) {
  // The pinned devDependency is the official binary for this machine's architecture: no download.
  if (arch === process.arch) return pinnedNode;
  const dir = path.join(cache, `node-linux-${arch}-${version}`);
  const binary = path.join(dir, 'package', 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(dir, { recursive: true });
  const tarball = execFileSync(
    'npm',
    ['pack', `node-linux-${arch}@${version}`, '--silent', '--pack-destination', dir],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir]);
  fs.rmSync(path.join(dir, tarball));
  return binary;
}

// An executable whose script, settings and Node version are unchanged is kept: injecting copies 120 MB per
// architecture.
// The hash is of the bundled script and this file (the blob's settings), not of the blob: the blob also records
// where the script was, which differs from one build's scratch folder to the next.
const inputHash = createHash('sha256')
  .update(fs.readFileSync(main))
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .update(version)
  .digest('hex');

for (const arch of wanted) {
  const name = `meshdeck-agent-linux-${arch}`;
  const out = path.join(dist, name);
  const stamp = path.join(work, `${arch}.stamp`);
  if (
    fs.existsSync(out) &&
    fs.existsSync(`${out}.sha256`) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === inputHash
  ) {
    console.log(`agent executable: ${path.relative(process.cwd(), out)} is up to date`);
    continue;
  }
  const partial = path.join(scratch, `${name}.partial`); // never half-written in dist/, which the server serves
  fs.copyFileSync(nodeBinary(arch), partial);
  fs.chmodSync(partial, 0o755);
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
      partial,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      FUSE,
    ],
    { stdio: 'pipe' },
  );
  fs.renameSync(partial, out);
  const digest = createHash('sha256').update(fs.readFileSync(out)).digest('hex');
  fs.writeFileSync(`${partial}.sha256`, `${digest}  ${name}\n`);
  fs.renameSync(`${partial}.sha256`, `${out}.sha256`);
  fs.writeFileSync(stamp, inputHash);
  console.log(
    `agent executable: ${path.relative(process.cwd(), out)} (${(fs.statSync(out).size / 1024 / 1024).toFixed(0)} MiB)`,
  );
}
