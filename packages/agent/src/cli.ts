import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent } from './agent-loop.ts';
import { HostsFile } from './hosts-file.ts';
import { USAGE, parseCommand, type CommonOptions } from './args.ts';
import { generateHostPassword, generateWireGuardKeys } from './keys.ts';
import { REGISTER_BACKOFF, backoffDelay } from './backoff.ts';
import { ServerApi, retryTransient } from './server-api.ts';
import { loadState, removeState, saveState, type AgentState } from './state.ts';
import { discoverEndpoint } from './endpoint-discovery.ts';
import { installService, uninstallService } from './service.ts';
import { UPGRADE_MARKER_ENV, upgradeAgent } from './upgrade.ts';
import { detectFirewall } from './firewall.ts';
import { ROUTING_STATUS_FILE, printStatus } from './status-command.ts';
import { AGENT_VERSION, isSingleExecutable, localInterfaces } from './system-info.ts';
import { DryRunInterface, SystemInterface, type MeshInterface } from './wireguard.ts';

const log = (message: string) => process.stderr.write(`[meshdeck-agent] ${message}\n`);
/** How long `join` keeps trying while the server does not answer (or answers 429/5xx) before it gives up. */
const REGISTER_RETRY_MS = 5 * 60_000;
const withoutError = <T extends { error?: unknown }>({ error, ...rest }: T): Omit<T, 'error'> => {
  if (error)
    log(
      `endpoint discovery: ${error instanceof Error ? error.message : 'no answer'}; using the local address`,
    );
  return rest;
};
/** The hosts-file choice as `run` arguments: the file kept, or `--no-hosts-file`. */
const hostsFileArgs = (common: CommonOptions): string[] =>
  common.hostsFile ? ['--hosts-file', common.hostsFile] : ['--no-hosts-file'];
const meshFor = (common: CommonOptions, state: AgentState): MeshInterface =>
  common.dryRun
    ? new DryRunInterface(state.interfaceName)
    : new SystemInterface(state.interfaceName, common.stateDir, log);

/**
 * Host action UPGRADE (and autoupdate): see upgrade.ts. Once the new agent runs, this one stops (the interface
 * stays up) and exits. `explicit` is an operator's request, which is answered in the log even when nothing changes.
 */
async function upgradeInPlace(
  state: AgentState,
  common: CommonOptions,
  agent: Agent,
  force: boolean,
  explicit: boolean,
): Promise<void> {
  const runArgs = [
    'run',
    '--state-dir',
    path.resolve(common.stateDir),
    '--check-in-seconds',
    String(common.checkInSeconds),
    '--metrics-seconds',
    String(common.metricsSeconds),
  ];
  if (common.stunServer) runArgs.push('--stun', common.stunServer);
  if (common.dryRun) runArgs.push('--dry-run');
  if (common.internetFailMode) runArgs.push('--internet-fail', common.internetFailMode);
  runArgs.push(...hostsFileArgs(common));
  // The single executable replaces itself; the bundle replaces its script and keeps the Node.js that runs it.
  const executable = isSingleExecutable();
  const scriptPath = executable ? process.execPath : path.resolve(process.argv[1] ?? '');
  const outcome = await upgradeAgent({
    serverUrl: state.server,
    scriptPath,
    nodePath: process.execPath,
    executable,
    runArgs,
    markerFile: path.join(common.stateDir, 'upgrade-started'),
    force,
    log,
  });
  if (outcome === 'current' && explicit)
    log(`upgrade: already running the server's build (${AGENT_VERSION})`);
  if (outcome !== 'started') return;
  log('upgrade: the new agent is running; this one leaves (the interface stays up)');
  await agent.stop();
  process.exit(0);
}

/** Runs the agent until SIGINT/SIGTERM (interface stays up) or until the server deletes the host. */
async function runAgent(state: AgentState, common: CommonOptions, token?: string): Promise<void> {
  const api = new ServerApi(state.server, state.hostId, state.hostPassword);
  if (token) api.useToken(token);
  const mesh = meshFor(common, state);
  let lastAutoupdateError = '';
  const agent: Agent = new Agent(state, api, mesh, {
    checkInSeconds: common.checkInSeconds,
    metricsSeconds: common.metricsSeconds,
    pullSeconds: 300,
    log,
    persistState: (next) => saveState(common.stateDir, next),
    stunServer: common.stunServer,
    routingStatusFile: path.join(common.stateDir, ROUTING_STATUS_FILE),
    internetFailMode: common.internetFailMode,
    // A dry run touches nothing on the host, its hosts file included.
    hostsFile: common.dryRun ? undefined : common.hostsFile,
    answerProbes: !common.dryRun,
    joinCommand: `meshdeck-agent join --server ${state.server} --token <enrollment key token> --state-dir ${common.stateDir} --interface ${state.interfaceName}`,
    // Autoupdate (set per host in the console): follow the server's build whenever a full pull says so.
    onPull: async (pull) => {
      if (!pull.host.autoupdate) return;
      await upgradeInPlace(state, common, agent, false, false).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : 'failed';
        if (message !== lastAutoupdateError) log(`autoupdate: ${message}`);
        lastAutoupdateError = message;
      });
    },
    onUpgrade: (force) => upgradeInPlace(state, common, agent, force, true),
    onDeleted: () => {
      removeState(common.stateDir);
      log('the server deleted this host; interface removed');
      process.exit(0);
    },
  });
  await agent.start();
  // Started by an upgrade: tell the previous agent that this one pulled and configured, so it can leave.
  const marker = process.env[UPGRADE_MARKER_ENV];
  if (marker) fs.writeFileSync(marker, AGENT_VERSION);
  const shutdown = (signal: string) => {
    log(`${signal}: stopping (the interface stays configured; "leave" removes it)`);
    void agent.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2), path.join(os.homedir(), '.meshdeck-agent'));
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command.kind === 'run') return runAgent(loadState(command.common.stateDir), command.common);
  if (command.kind === 'version') {
    process.stdout.write(`${AGENT_VERSION}\n`);
    return;
  }
  if (command.kind === 'status') return printStatus(command.common);
  if (command.kind === 'install') {
    const state = loadState(command.common.stateDir);
    const runArgs = [
      '--check-in-seconds',
      String(command.common.checkInSeconds),
      '--metrics-seconds',
      String(command.common.metricsSeconds),
      ...(command.common.stunServer ? ['--stun', command.common.stunServer] : []),
      // An installed agent answers the networks' names through the host's own hosts file unless told otherwise.
      ...hostsFileArgs(command.common),
    ];
    const scriptPath = isSingleExecutable() ? '' : path.resolve(process.argv[1] ?? '');
    const file = installService(command.root, {
      nodePath: process.execPath,
      scriptPath,
      stateDir: path.resolve(command.common.stateDir),
      runArgs,
    });
    log(
      `installed ${file} for host ${state.name} (${state.hostId})${command.root === '/' ? '; enabled and started' : ''}`,
    );
    return;
  }
  if (command.kind === 'uninstall') {
    log(
      `removed ${uninstallService(command.root)} (the state directory and the interface are left as they are; "leave" removes them)`,
    );
    return;
  }
  if (command.kind === 'leave') {
    const state = loadState(command.common.stateDir);
    await new ServerApi(state.server, state.hostId, state.hostPassword).deleteHost();
    await meshFor(command.common, state).down();
    // The networks' names go with the host: the hosts file is left as it was before the agent wrote its block.
    if (command.common.hostsFile && !command.common.dryRun)
      new HostsFile(command.common.hostsFile, log).clear();
    removeState(command.common.stateDir);
    log(`host ${state.hostId} removed from the server; interface ${state.interfaceName} is down`);
    return;
  }
  const keys = generateWireGuardKeys();
  const hostId = randomUUID();
  const hostPassword = generateHostPassword();
  const trafficKey = randomBytes(32).toString('base64');
  const name = command.name ?? os.hostname();
  const hostInput = {
    id: hostId,
    name,
    hostpass: hostPassword,
    version: AGENT_VERSION,
    os: process.platform === 'win32' ? 'windows' : process.platform,
    publickey: keys.publicKey,
    traffickeypublic: trafficKey,
    listenport: command.port,
    isstaticport: command.isStaticPort,
    // An endpoint given by hand is static: check-ins and the server's view never replace it.
    ...(command.endpoint
      ? { endpointip: command.endpoint, isstatic: true }
      : withoutError(await discoverEndpoint(command.server, command.common.stunServer))),
    interfaces: localInterfaces(command.common.interfaceName),
    interface: command.common.interfaceName,
    // The server only makes a host an internet gateway when it can masquerade (api-contract §5.6).
    firewallinuse: command.common.dryRun ? 'none' : detectFirewall(),
  };
  // The same host id and password on every attempt: if an attempt that timed out did register the host, the next
  // one finds it and refreshes it instead of making a second host.
  const registered = await retryTransient(
    () => ServerApi.register(command.server, command.token, hostInput),
    {
      deadlineMs: REGISTER_RETRY_MS,
      delayMs: (attempt) => backoffDelay(attempt, REGISTER_BACKOFF),
      onRetry: (error, delay) =>
        log(
          `${error instanceof Error ? error.message : String(error)}; trying again in ${(delay / 1000).toFixed(1)} s`,
        ),
    },
  );
  // The server may move the port to avoid a clash behind the same public IP (api-contract §5.9).
  const state: AgentState = {
    server: command.server,
    hostId,
    hostPassword,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    trafficKey,
    interfaceName: command.common.interfaceName,
    listenPort: registered.requested_host.listenport,
    name,
  };
  saveState(command.common.stateDir, state);
  log(`registered host ${hostId} in ${registered.nodes.map((n) => n.network).join(', ') || 'no networks'}`);
  await runAgent(state, command.common, registered.auth_token);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
