// `node scripts/build-if-stale.mjs [console] [agent] [server] [--force]`: builds each target (all by default)
// whose sources changed since its last build, so a second `npm start` starts at once. A target is fresh when
// the hash of its inputs (file paths and contents, the lock file, and for the console the VITE_* variables it
// bakes in) equals the one stamped by its last successful build, and its output is still there. Stamps live in
// node_modules/.cache, not in the output folders the server serves.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(root, 'node_modules', '.cache', 'meshdeck-build');
// Tests, benchmarks, outputs and caches (packages/agent/.cache: the executables' runtimes) never change what a build produces.
const ignoredDirs = new Set(['node_modules', 'dist', '.cache', 'test', 'e2e', 'bench', 'test-results']);
const ignoredFile = (name) =>
  /\.test\.tsx?$/.test(name) ||
  name.startsWith('.dist-') ||
  name === 'README.md' ||
  name === 'playwright.config.ts';
const shared = ['packages/contracts', 'package-lock.json'];

const targets = {
  console: {
    inputs: ['apps/web', ...shared],
    output: 'apps/web/dist/index.html',
    env: (env) =>
      Object.keys(env)
        .filter((k) => k.startsWith('VITE_'))
        .sort()
        .map((k) => `${k}=${env[k]}`),
    command: ['npm', ['run', '--silent', 'build', '-w', '@meshdeck/web']],
  },
  // The .mjs bundle, and the single executable for this machine's architecture (offline, ~10 s), so the install
  // command the console shows finds its executable on a server started with `npm start` (decision 027).
  agent: {
    inputs: ['packages/agent', ...shared],
    output: 'packages/agent/dist/meshdeck-agent.mjs',
    extraOutputs:
      process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch)
        ? [`packages/agent/dist/meshdeck-agent-linux-${process.arch}`]
        : [],
    commands: [
      [process.execPath, ['packages/agent/build.mjs']],
      [process.execPath, ['packages/agent/build-binaries.mjs', '--host']],
    ],
  },
  server: {
    inputs: ['apps/server', ...shared],
    output: 'apps/server/dist/main.mjs',
    command: [process.execPath, ['apps/server/build.mjs']],
  },
};

/** Every input file under `entry` (a file or a folder), relative to the repository root, sorted. */
function listFiles(entry) {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [entry];
  const files = [];
  for (const dirent of fs.readdirSync(full, { withFileTypes: true })) {
    const child = path.posix.join(entry, dirent.name);
    if (dirent.isDirectory() && !ignoredDirs.has(dirent.name)) files.push(...listFiles(child));
    else if (dirent.isFile() && !ignoredFile(dirent.name)) files.push(child);
  }
  return files.sort();
}

function inputHash(target) {
  const hash = crypto.createHash('sha256');
  for (const file of target.inputs.flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  for (const line of target.env?.(process.env) ?? []) hash.update(`${line}\0`);
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names) {
  if (!(name in targets)) {
    console.error(`build-if-stale: unknown target "${name}" (known: ${Object.keys(targets).join(', ')})`);
    process.exit(2);
  }
}

const LOCK_STALE_MS = 10 * 60_000;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** True when a lock was left by a process that is gone (killed mid-build), or is older than any build. */
function isAbandoned(lock) {
  const stat = fs.statSync(lock, { throwIfNoEntry: false });
  if (!stat) return false;
  const age = Date.now() - stat.mtimeMs;
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8').trim());
  } catch {
    // No pid yet: the lock was just taken and its builder is about to write it (or died right then).
  }
  if (!(pid > 0)) return age > 5000;
  return !isAlive(pid) || age > LOCK_STALE_MS;
}

/**
 * One build per target at a time: parallel test workers and both e2e servers may ask at once. The lock is a
 * directory (mkdir is atomic) holding the builder's pid; a lock whose builder is gone is taken over.
 */
function withLock(name, action) {
  const lock = path.join(stampDir, `${name}.lock`);
  fs.mkdirSync(stampDir, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (isAbandoned(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else pause(200);
    }
  }
  try {
    return action();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds `name` unless its stamp matches its inputs; exits the process when the build fails. */
function buildIfStale(name) {
  const target = targets[name];
  const stampFile = path.join(stampDir, `${name}.stamp`);
  const hash = inputHash(target);
  const isBuilt = [target.output, ...(target.extraOutputs ?? [])].every((output) =>
    fs.existsSync(path.join(root, output)),
  );
  const stamped = isBuilt && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && stamped === hash) return;
  console.log(`build: ${name} (${stamped === '' ? 'not built yet' : force ? 'forced' : 'sources changed'})`);
  for (const [command, commandArgs] of target.commands ?? [target.command]) {
    const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`build: ${name} failed (exit ${result.status ?? result.signal})`);
      process.exit(1);
    }
  }
  fs.writeFileSync(stampFile, `${hash}\n`);
}

for (const name of names.length > 0 ? names : Object.keys(targets)) withLock(name, () => buildIfStale(name));
