import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the agent needs to resume after a restart (`meshdeck-agent run`). */
export const agentStateSchema = z.object({
  server: z.string(),
  hostId: z.string(),
  hostPassword: z.string(),
  privateKey: z.string(),
  publicKey: z.string(),
  trafficKey: z.string(),
  interfaceName: z.string(),
  listenPort: z.number().int(),
  name: z.string(),
});
export type AgentState = z.infer<typeof agentStateSchema>;

export const stateFile = (dir: string) => path.join(dir, 'state.json');
/** Where the agent records the pid of the wireguard-go it started, so the process can be stopped by pid. */
export const wireguardPidFile = (dir: string) => path.join(dir, 'wireguard-go.pid');

/** Writes the state readable by its owner only (0600): it holds the private key and the host password. */
export function saveState(dir: string, state: AgentState): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = stateFile(dir);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  fs.chmodSync(file, 0o600);
}

/** Reads the saved state; throws a clear error when there is none or it is damaged. */
export function loadState(dir: string): AgentState {
  const file = stateFile(dir);
  if (!fs.existsSync(file)) throw new Error(`no agent state in ${dir}: run "meshdeck-agent join" first`);
  const parsed = agentStateSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`agent state in ${file} is damaged: ${parsed.error.message}`);
  return parsed.data;
}

export function removeState(dir: string): void {
  fs.rmSync(stateFile(dir), { force: true });
}
