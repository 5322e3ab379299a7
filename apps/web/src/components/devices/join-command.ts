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

/** Where the server offers the bundled agent (the contract's /meshclient/files/ prefix). */
export const agentDownloadUrl = (serverUrl: string): string =>
  `${serverUrl}/meshclient/files/meshdeck-agent.mjs`;

/**
 * Debian/Ubuntu install: WireGuard tools and Node.js from the distribution, and the agent downloaded from the
 * server the device will join, so the command works on a private network with no registry access.
 */
export function buildInstallCommand(token: string, consoleOrigin: string): string {
  const url = agentDownloadUrl(joinServerUrl(token, consoleOrigin));
  return [
    'sudo apt-get install -y wireguard-tools nodejs',
    `sudo curl -fsSL -o /usr/local/bin/${AGENT_COMMAND} ${url}`,
    `sudo chmod 755 /usr/local/bin/${AGENT_COMMAND}`,
  ].join(' && ');
}
