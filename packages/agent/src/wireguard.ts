import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HostRouting } from './host-routing.ts';
import { parseUapi, parseWgDump, type WireguardPeerStats } from './metrics-probe.ts';
import { NO_ROUTING, type RoutingPlan } from './routing-plan.ts';
import { wireguardPidFile } from './state.ts';
import { renderNftRuleset } from './firewall-plan.ts';
import { renderWgConfig, type InterfaceConfig } from './wg-config.ts';

/** How long wireguard-go may take to create its interface before the agent gives up on this attempt. */
const WIREGUARD_GO_START_LIMIT_MS = 30_000;

const run = promisify(execFile);

/** Where the agent's peers and addresses end up: a real interface, or stdout with --dry-run. */
export interface MeshInterface {
  /** `routing` (extra routes, gateway forwarding) defaults to none. */
  apply(addresses: string[], config: InterfaceConfig, routing?: RoutingPlan): Promise<void>;
  down(): Promise<void>;
  /** Per peer key: endpoint, latest handshake and byte counters (`wg show dump`); absent on a dry run. */
  peerStats?(): Promise<Map<string, WireguardPeerStats>>;
  /** The firewall tool in use and what a feature lacked for want of one (undefined on a dry run). */
  readonly firewall?: { kind: string; missing: string | undefined };
  /** Looks for the firewall tools again; true when the tool in use changed (absent on a dry run). */
  redetectFirewall?(): Promise<boolean>;
}

/** Prints what would be configured instead of touching the system. */
export class DryRunInterface implements MeshInterface {
  constructor(private readonly name: string) {}

  apply(addresses: string[], config: InterfaceConfig, routing: RoutingPlan = NO_ROUTING): Promise<void> {
    process.stdout.write(
      `# ${this.name}: addresses ${addresses.join(', ') || '(none)'}\n${renderWgConfig(config)}\n`,
    );
    if (routing.routes.length > 0)
      process.stdout.write(`# ${this.name}: routes ${routing.routes.join(', ')}\n`);
    if (routing.gateway)
      process.stdout.write(
        `# ${this.name}: forwarding on${routing.gateway.ipv6 ? ' (IPv4 and IPv6)' : ''}${routing.gateway.outward ? ', out to other interfaces' : ''}\n`,
      );
    if (routing.firewall) process.stdout.write(renderNftRuleset(routing.firewall));
    if (routing.isInternetClient) process.stdout.write(`# ${this.name}: internet gateway client\n`);
    if (routing.pins && routing.pins.length > 0)
      process.stdout.write(`# ${this.name}: bypass ${routing.pins.join(', ')} (kept off the tunnel)\n`);
    return Promise.resolve();
  }

  down(): Promise<void> {
    return Promise.resolve();
  }
}

/** Asks wireguard-go's control socket for the device's state (`get=1`); the answer ends with a blank line. */
function uapiGet(socket: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const connection = net.createConnection(socket);
    connection.setTimeout(2_000, () => connection.destroy(new Error('wireguard-go did not answer in 2 s')));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (text.endsWith('\n\n')) {
        connection.end();
        resolve(text);
      }
    });
    connection.on('error', reject);
    connection.on('close', () => reject(new Error('wireguard-go closed its socket before answering')));
    connection.write('get=1\n\n');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A WireGuard interface driven with `ip` and `wg`. The kernel module is used when present; otherwise the agent
 * starts `wireguard-go -f <name>` itself, records its pid in the state dir and stops it by that pid.
 */
export class SystemInterface implements MeshInterface {
  #goProcess: ReturnType<typeof spawn> | undefined;
  readonly #routing: HostRouting;

  constructor(
    private readonly name: string,
    private readonly stateDir: string,
    log?: (message: string) => void,
  ) {
    this.#routing = new HostRouting(name, log, stateDir);
  }

  /**
   * Read every second by the failover watch (decision 057): from wireguard-go's control socket when there is one
   * (no process to start), else with `wg show <if> dump`.
   */
  async peerStats(): Promise<Map<string, WireguardPeerStats>> {
    const socket = path.join('/var/run/wireguard', `${this.name}.sock`);
    if (fs.existsSync(socket)) {
      const answer = await uapiGet(socket).catch(() => undefined);
      if (answer?.includes('errno=0')) return parseUapi(answer);
    }
    const { stdout } = await run('wg', ['show', this.name, 'dump']);
    return parseWgDump(stdout);
  }

  get firewall(): { kind: string; missing: string | undefined } {
    return this.#routing.firewall;
  }

  redetectFirewall(): Promise<boolean> {
    return this.#routing.firewall.redetect();
  }

  async apply(
    addresses: string[],
    config: InterfaceConfig,
    routing: RoutingPlan = NO_ROUTING,
  ): Promise<void> {
    await this.ensureLink();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-wg-')), 'wg.conf');
    try {
      fs.writeFileSync(file, renderWgConfig(config), { mode: 0o600 });
      // syncconf changes only what differs, so established sessions with unchanged peers survive.
      await run('wg', ['syncconf', this.name, file]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    await this.syncAddresses(addresses);
    await run('ip', ['link', 'set', 'up', 'dev', this.name]);
    // After the link is up: routes through a down interface are refused.
    await this.#routing.apply(routing);
  }

  async down(): Promise<void> {
    await this.#routing.clear();
    await run('ip', ['link', 'del', 'dev', this.name]).catch(() => undefined);
    const pidFile = wireguardPidFile(this.stateDir);
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : this.#goProcess?.pid;
    if (pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone: deleting the link ends wireguard-go.
      }
    }
    fs.rmSync(pidFile, { force: true });
  }

  private async linkExists(): Promise<boolean> {
    return run('ip', ['link', 'show', 'dev', this.name]).then(
      () => true,
      () => false,
    );
  }

  private async ensureLink(): Promise<void> {
    if (await this.linkExists()) return;
    const kernel = await run('ip', ['link', 'add', 'dev', this.name, 'type', 'wireguard']).then(
      () => true,
      () => false,
    );
    if (kernel) return;
    const child = spawn('wireguard-go', ['-f', this.name], {
      stdio: 'ignore',
      env: { ...process.env, WG_PROCESS_FOREGROUND: '1' },
    });
    this.#goProcess = child;
    fs.writeFileSync(wireguardPidFile(this.stateDir), String(child.pid), { mode: 0o600 });
    // Wait for the interface, not for a time: on a loaded machine wireguard-go has taken over 5 s to create it (a
    // CI run, 2026-11-29). Give up when it exits or cannot start, or after a generous limit.
    let ended: string | undefined;
    child.once('error', (error) => (ended = `could not start: ${error.message}`));
    child.once('exit', (code, signal) => (ended = `exited (${signal ?? `code ${code}`})`));
    const deadline = Date.now() + WIREGUARD_GO_START_LIMIT_MS;
    while (!(await this.linkExists())) {
      if (ended !== undefined || Date.now() > deadline)
        throw new Error(
          `could not create interface ${this.name} (no kernel WireGuard; wireguard-go ${ended ?? `did not create it within ${WIREGUARD_GO_START_LIMIT_MS / 1000} s`})`,
        );
      await sleep(100);
    }
  }

  private async syncAddresses(wanted: string[]): Promise<void> {
    const { stdout } = await run('ip', ['-o', 'addr', 'show', 'dev', this.name]);
    const current = [...stdout.matchAll(/inet6? (\S+)/g)]
      .map((m) => m[1] ?? '')
      .filter((a) => !a.startsWith('fe80:'));
    for (const address of current.filter((a) => !wanted.includes(a)))
      await run('ip', ['addr', 'del', address, 'dev', this.name]);
    for (const address of wanted.filter((a) => !current.includes(a)))
      await run('ip', ['addr', 'add', address, 'dev', this.name]);
  }
}
