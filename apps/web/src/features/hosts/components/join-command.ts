import { decodeEnrollmentToken } from '@meshdeck/contracts';

/** The agent's executable, as installed by the install step. */
export const AGENT_COMMAND = 'meshdeck-agent';

/**
 * The server URL an agent should use: the one inside the token (the server's own idea of its public address)
 * when it is an http(s) URL, otherwise the address the console was loaded from.
 */
export function joinServerUrl(token: string, consoleOrigin: string): string {
  const server = decodeEnrollmentToken(token)?.server ?? '';
  return (/^https?:\/\//.test(server) ? server : consoleOrigin).replace(/\/+$/, '');
}

/** `meshdeck-agent join --server <url> --token <token>`; the token is quoted only if the shell would need it. */
export function buildJoinCommand(token: string, consoleOrigin: string): string {
  const quoted = /^[A-Za-z0-9+/=._-]+$/.test(token) ? token : `'${token.replaceAll("'", "'\\''")}'`;
  return `${AGENT_COMMAND} join --server ${joinServerUrl(token, consoleOrigin)} --token ${quoted}`;
}

export type AgentOs = 'linux' | 'macos' | 'windows';
export const AGENT_OSES: readonly AgentOs[] = ['linux', 'macos', 'windows'];

/** The agent drives WireGuard with `ip` and `wg` (or wireguard-go), so it runs on Linux only for now. */
export const isAgentSupported = (os: AgentOs): boolean => os === 'linux';

/** Where the server offers the bundled agent (the contract's /meshclient/files/ prefix): a script for Node.js. */
export const agentDownloadUrl = (serverUrl: string): string =>
  `${serverUrl}/meshclient/files/meshdeck-agent.mjs`;

/**
 * Where the server offers the single executable (no Node.js needed); `$(uname -m …)` is left for the device's
 * shell to expand into x64 or arm64, the two architectures built.
 */
export const agentExecutableUrl = (serverUrl: string): string =>
  `${serverUrl}/meshclient/files/meshdeck-agent-linux-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')`;

/**
 * Debian/Ubuntu install: WireGuard tools from the distribution and the agent downloaded from the server the device
 * will join, so the command works on a private network with no registry access. The single executable comes
 * first; a server that was not given one (it is built by a separate script) still offers the script, which then
 * needs Node.js from the distribution.
 */
export function buildInstallCommand(token: string, consoleOrigin: string): string {
  const server = joinServerUrl(token, consoleOrigin);
  const target = `/usr/local/bin/${AGENT_COMMAND}`;
  return [
    'sudo apt-get install -y wireguard-tools',
    `{ sudo curl -fsSL -o ${target} ${agentExecutableUrl(server)} || { sudo apt-get install -y nodejs && sudo curl -fsSL -o ${target} ${agentDownloadUrl(server)}; }; }`,
    `sudo chmod 755 ${target}`,
  ].join(' && ');
}
