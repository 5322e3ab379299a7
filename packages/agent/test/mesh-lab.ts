import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import { agentBundle, repoRoot } from './agent-bundle.ts';
import { Lab, giveOwnHostsFile, quiet } from './netns.ts';

/** One agent process in its own network namespace. */
export interface LabAgent {
  index: number;
  name: string;
  ns: string;
  iface: string;
  stateDir: string;
  child: ChildProcess;
  log: string[];
  /** How the agent is started: the .mjs bundle under this Node, or a single executable. */
  program: string[];
}

/**
 * Namespaces on a bridge (netns.ts) plus the agents running in them: what the data-plane tests share. `offset`
 * spreads where test files running at the same time start looking for a free subnet; the names follow the
 * subnet each lab claims, so they never repeat between live labs.
 */
export class MeshLab {
  readonly lab: Lab;
  readonly agents: LabAgent[] = [];
  readonly workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-lab-'));
  readonly tag: string;
  #bundle = '';

  constructor(offset: number) {
    this.lab = new Lab(20 + ((process.pid + offset * 7) % 200));
    this.tag = this.lab.tag;
  }

  /** Creates `count` namespaces and builds the agent bundle if it is stale. */
  up(count: number): void {
    this.#bundle = agentBundle();
    this.lab.up(count);
  }

  /**
   * Starts `meshdeck-agent join` in namespace `index` (1-based) against the server's HTTP port on the bridge;
   * `program` replaces the bundle, e.g. with the single executable.
   */
  join(
    index: number,
    port: string,
    token: string,
    extra: string[] = [],
    program = [process.execPath, this.#bundle],
  ): LabAgent {
    const stateDir = path.join(this.workDir, `agent-${index}`);
    const iface = `mdw${this.tag}${index}`;
    const ns = this.lab.namespaces[index - 1]!;
    // Namespaces added after up() (a NAT router's private one) get their own hosts file too.
    giveOwnHostsFile(ns);
    const name = `agent-${index}`;
    const args = [
      'netns',
      'exec',
      ns,
      ...program,
      'join',
      '--server',
      `http://${this.lab.bridgeAddress}:${port}`,
    ];
    args.push(
      '--token',
      token,
      '--state-dir',
      stateDir,
      '--interface',
      iface,
      '--name',
      name,
      '--check-in-seconds',
      '2',
      ...extra,
    );
    const agent = { index, name, ns, iface, stateDir, child: this.spawn(args), log: [] as string[], program };
    this.capture(agent);
    this.agents.push(agent);
    return agent;
  }

  /**
   * Runs the agent CLI to completion in an agent's namespace with its state dir (e.g. `leave`, `status`); never
   * blocking, since the server under test lives in this same process.
   */
  cli(agent: LabAgent, command: string[]): Promise<{ status: number | null; output: string }> {
    const args = ['netns', 'exec', agent.ns, ...agent.program, ...command, '--state-dir', agent.stateDir];
    return new Promise((resolve) => {
      const child = this.spawn(args);
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      child.on('close', (status) => resolve({ status, output }));
    });
  }

  /** Starts `meshdeck-agent run` again for an agent whose process ended (same state, same interface). */
  restart(agent: LabAgent, extra: string[] = []): void {
    const args = [
      'netns',
      'exec',
      agent.ns,
      ...agent.program,
      'run',
      '--state-dir',
      agent.stateDir,
      '--interface',
      agent.iface,
      '--check-in-seconds',
      '2',
      ...extra,
    ];
    agent.child = this.spawn(args);
    this.capture(agent);
  }

  /** Polls `check` until it holds (60 s: joins are slow on a loaded CI machine); on time-out fails with every agent's log. */
  waitUntil(what: string, check: () => boolean | Promise<boolean>, timeout = 60_000): Promise<void> {
    return vi.waitFor(
      async () => {
        if (!(await check()))
          throw new Error(
            `timed out waiting for ${what}\n${this.agents.map((a) => `--- ${a.name}\n${a.log.join('').slice(-3000)}`).join('\n')}`,
          );
      },
      { timeout, interval: 200 },
    );
  }

  /** The agent's WireGuard peers; before its interface exists `wg show` fails, which means "no peers yet". */
  wgPeers(agent: LabAgent): string[] {
    return quiet('ip', ['netns', 'exec', agent.ns, 'wg', 'show', agent.iface, 'peers'])
      .split('\n')
      .filter(Boolean);
  }

  /**
   * The same peers as {@link wgPeers}, read from wireguard-go's control socket (/var/run/wireguard/<iface>.sock,
   * reachable from any namespace: interface names are unique per lab) instead of two processes per agent. The
   * scale test polls a hundred agents: spawning `ip netns exec ... wg` for each, every few seconds, took more of
   * the machine than the agents and the server it measures. An agent without a socket yet has no peers.
   */
  async wgPeersFromSocket(agent: LabAgent): Promise<string[]> {
    const text = await new Promise<string>((resolve) => {
      let answer = '';
      const socket = net.createConnection(`/var/run/wireguard/${agent.iface}.sock`);
      socket.setTimeout(5000, () => socket.destroy());
      socket.on('connect', () => socket.write('get=1\n\n'));
      socket.on('data', (chunk) => {
        answer += chunk.toString();
        if (answer.endsWith('\n\n')) socket.end();
      });
      socket.on('error', () => resolve(''));
      socket.on('close', () => resolve(answer));
    });
    // Keys are hex on the control socket; `wg show` prints them in base64.
    return [...text.matchAll(/^public_key=([0-9a-f]{64})$/gm)].map((match) =>
      Buffer.from(match[1]!, 'hex').toString('base64'),
    );
  }

  hasInterface(agent: LabAgent): boolean {
    return (
      spawnSync('ip', ['netns', 'exec', agent.ns, 'ip', 'link', 'show', agent.iface], { stdio: 'ignore' })
        .status === 0
    );
  }

  publicKeyOf(agent: LabAgent): string {
    return (
      JSON.parse(fs.readFileSync(path.join(agent.stateDir, 'state.json'), 'utf8')) as { publicKey: string }
    ).publicKey;
  }

  /** One echo request with a one-second wait: the first packets of a pair can go before its handshake completes. */
  pings(from: LabAgent, address: string): boolean {
    return (
      spawnSync('ip', ['netns', 'exec', from.ns, 'ping', '-c', '1', '-W', '1', address], { stdio: 'ignore' })
        .status === 0
    );
  }

  /** The mesh address of each agent by name, from the server's node list. */
  async meshAddresses(server: TestServer, token: string, network: string): Promise<Map<string, string>> {
    const nodes = (
      await server.request<{ hostid: string; address: string }[]>('GET', `/api/nodes/${network}`, { token })
    ).body;
    const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body;
    return new Map(
      hosts.map((h) => [h.name, nodes.find((n) => n.hostid === h.id)?.address.split('/')[0] ?? '']),
    );
  }

  /**
   * Stops every agent and waits for it to exit while the namespaces still carry its packets, so the server sees
   * its connections close; deleting a router or bridge first leaves half-open sockets the server's close waits on.
   */
  async stopAgents(graceMs = 5_000): Promise<void> {
    await Promise.all(
      this.agents.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  /**
   * Stops every agent and its wireguard-go (signals, no process each), then deletes namespaces (with their links),
   * bridge and state; safe to call more than once.
   */
  down(): void {
    const terminate = (pid: number | undefined) => {
      try {
        if (pid) process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    for (const agent of this.agents) {
      terminate(agent.child.pid);
      const pidFile = path.join(agent.stateDir, 'wireguard-go.pid');
      if (fs.existsSync(pidFile)) terminate(Number(fs.readFileSync(pidFile, 'utf8').trim()));
    }
    this.lab.down();
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  private spawn(args: string[]): ChildProcess {
    return spawn('ip', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  private capture(agent: LabAgent): void {
    agent.child.stdout?.on('data', (d: Buffer) => agent.log.push(d.toString()));
    agent.child.stderr?.on('data', (d: Buffer) => agent.log.push(d.toString()));
  }
}
