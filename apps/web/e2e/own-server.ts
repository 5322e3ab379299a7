import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A server of a spec's own (scripts/e2e-server.mjs: the compiled server on an empty data directory) with the
 * environment the spec needs (EDITION, HOSTED, a licence ...), ready once its status answers at `host`.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  host = '127.0.0.1',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['../../scripts/e2e-server.mjs'], {
    cwd: webDir,
    env: { ...process.env, E2E_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output}`);
    const answer = await fetch(`${url}/api/server/status`).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}
