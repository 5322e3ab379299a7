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

export type AgentOs = 'linux' | 'macos' | 'windows' | 'docker';
export const AGENT_OSES: readonly AgentOs[] = ['linux', 'macos', 'windows', 'docker'];

/**
 * Install commands per system: WireGuard tools plus the agent, which runs on Node.js. Until the agent has its
 * own release packages these install it from the npm registry name it will be published under.
 */
export const INSTALL_COMMANDS: Record<AgentOs, string> = {
  linux: 'sudo apt-get install -y wireguard-tools nodejs npm && sudo npm install -g @meshdeck/agent',
  macos: 'brew install wireguard-tools node && npm install -g @meshdeck/agent',
  windows: 'winget install WireGuard.WireGuard OpenJS.NodeJS.LTS; npm install -g @meshdeck/agent',
  docker: 'docker pull ghcr.io/meshdeck/agent:latest',
};

/** Docker runs the same join, with the privileges WireGuard needs. */
export function buildDockerJoinCommand(token: string, consoleOrigin: string): string {
  return `docker run -d --name meshdeck-agent --network host --cap-add NET_ADMIN -v meshdeck-agent:/root/.meshdeck-agent ghcr.io/meshdeck/agent:latest ${buildJoinCommand(token, consoleOrigin).slice(AGENT_COMMAND.length + 1)}`;
}
