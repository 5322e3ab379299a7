import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The environment variable naming the file a restarted agent writes once it runs (the old one then leaves). */
export const UPGRADE_MARKER_ENV = 'MESHDECK_AGENT_UPGRADE_MARKER';
/** How long the new agent has to pull and configure before the old one rolls back. */
const START_TIMEOUT_MS = 30_000;

export interface UpgradeOptions {
  serverUrl: string;
  /** The running agent script (the bundle), or the single executable itself; replaced in place. */
  scriptPath: string;
  nodePath: string;
  /** True for the single executable: it is downloaded as `meshdeck-agent-linux-<arch>` and runs without nodePath. */
  executable?: boolean;
  /** `run` arguments for the new agent. */
  runArgs: string[];
  markerFile: string;
  force: boolean;
  log: (message: string) => void;
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${response.statusText}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Host action UPGRADE / FORCE_UPGRADE: downloads the agent the server offers and its SHA-256, refuses a mismatch,
 * skips an identical build (unless forced), checks that the new build starts (`--version`), swaps it in (the old
 * one kept as `.previous`) and starts it. The new agent writes the marker once it pulled and configured; until
 * then this one keeps running, and if the new one exits or stays silent the old build is put back.
 * Returns 'current', 'rolled-back' or 'started' (the caller then stops and exits).
 */
export async function upgradeAgent(o: UpgradeOptions): Promise<'current' | 'rolled-back' | 'started'> {
  const base = `${o.serverUrl}/meshclient/files/${o.executable ? `meshdeck-agent-linux-${process.arch}` : 'meshdeck-agent.mjs'}`;
  const command = (file: string): [string, string[]] => (o.executable ? [file, []] : [o.nodePath, [file]]);
  // The checksum first: an agent already on the server's build (autoupdate checks at every pull) downloads no more.
  const expected = (await download(`${base}.sha256`)).toString('utf8').trim().split(/\s+/)[0] ?? '';
  if (!o.force && sha256(fs.readFileSync(o.scriptPath)) === expected) return 'current';
  const bundle = await download(base);
  if (sha256(bundle) !== expected)
    throw new Error(
      `upgrade refused: the download from ${base} does not match its SHA-256 (${expected || 'none given'})`,
    );
  // Node decides ES module or CommonJS by the extension: the staged build must keep `.mjs` to start at all.
  const next = o.executable ? `${o.scriptPath}.new` : o.scriptPath.replace(/(\.mjs)?$/, '.new.mjs');
  const previous = `${o.scriptPath}.previous`;
  fs.writeFileSync(next, bundle, { mode: 0o755 });
  try {
    const [program, args] = command(next);
    const { stdout } = await run(program, [...args, '--version'], { timeout: 15_000 });
    o.log(`upgrade: downloaded ${stdout.trim()}, checksum verified`);
  } catch (error) {
    fs.rmSync(next, { force: true });
    o.log(
      `upgrade: the new build does not start (${error instanceof Error ? error.message.split('\n')[0] : 'failed'}); staying on this one`,
    );
    return 'rolled-back';
  }
  fs.copyFileSync(o.scriptPath, previous);
  fs.renameSync(next, o.scriptPath);
  fs.rmSync(o.markerFile, { force: true });
  const [program, args] = command(o.scriptPath);
  const child = spawn(program, [...args, ...o.runArgs], {
    detached: true,
    stdio: 'inherit',
    env: { ...process.env, [UPGRADE_MARKER_ENV]: o.markerFile },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (const started = Date.now(); Date.now() - started < START_TIMEOUT_MS && !exited; await sleep(200)) {
    if (fs.existsSync(o.markerFile)) {
      fs.rmSync(o.markerFile, { force: true });
      child.unref();
      o.log(`upgrade: the new agent runs as pid ${child.pid}`);
      return 'started';
    }
  }
  if (!exited) child.kill('SIGKILL');
  // Put back through a rename: writing into an executable that a dying process still runs fails (ETXTBSY).
  fs.copyFileSync(previous, `${o.scriptPath}.restore`);
  fs.renameSync(`${o.scriptPath}.restore`, o.scriptPath);
  o.log('upgrade: the new agent did not come up; the previous build is back and keeps running');
  return 'rolled-back';
}
