import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The shipped agent (packages/agent/dist/meshdeck-agent.mjs, what a host downloads), built first when its sources
 * changed since the last build, so tests exercise the artefact users run rather than the TypeScript sources.
 */
export function agentBundle(): string {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-stale.mjs'), 'agent'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  return path.join(repoRoot, 'packages', 'agent', 'dist', 'meshdeck-agent.mjs');
}
