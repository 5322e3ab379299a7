import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rewriteHosts } from '../src/hosts-file.ts';

/** Why the data-plane test cannot run here, or undefined when it can (root, ip, wg, wireguard-go, ping). */
export function dataPlaneSkipReason(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root (creates network namespaces and WireGuard interfaces)';
  for (const tool of ['ip', 'wg', 'wireguard-go', 'ping']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `needs ${tool} on PATH`;
  }
  return undefined;
}

export const sh = (command: string, args: string[]): string =>
  execFileSync(command, args, { encoding: 'utf8' });
/** Runs a command and returns its stdout, or '' when it fails (stderr is dropped). */
export const quiet = (command: string, args: string[]): string =>
  spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).stdout ?? '';
/** Runs a command and ignores failure: used by clean-up, which must always get through every step. */
export const tryRun = (command: string, args: string[]): void =>
  void spawnSync(command, args, { stdio: 'ignore' });

const NEIGHBOUR_LIMITS = '/proc/sys/net/ipv4/neigh/default/gc_thresh';

/**
 * Makes room in the kernel's ARP table for a lab of `count` agents. The table is one for the whole machine, every
 * namespace's entries counted together, and a full mesh on one bridge needs about count x count of them (each
 * agent resolves the server and every peer's endpoint); past the default hard limit of 1,024 the kernel drops
 * packets ("neighbor table overflow!"). With 100 agents that left one or two of them unable to reach the server at
 * all, which looked like a server that never answered. Only ever raises the limits, and only as root.
 */
function raiseNeighbourLimits(count: number): void {
  const needed = count * (count + 2);
  const wanted = [needed, needed * 2, needed * 4];
  // Hard limit first, so the three never pass each other on the way up.
  for (const [index, value] of [...wanted.entries()].reverse()) {
    const file = `${NEIGHBOUR_LIMITS}${index + 1}`;
    try {
      if (Number(fs.readFileSync(file, 'utf8')) < value) fs.writeFileSync(file, String(value));
    } catch {
      // Not root, or no such setting: small labs fit the defaults.
    }
  }
}

const SUBNET_CLAIMS = path.join(os.tmpdir(), 'meshdeck-lab-subnets');

const isAlive = (pid: number): boolean => {
  // 0 or unreadable: a claim being written this instant.
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A lab subnet (20-219) no other lab on this machine holds, the first free one from `preferred`: claimed with a
 * file per subnet created exclusively and naming the claiming process; `releaseSubnet` or that process's death
 * frees it. Picking by process id alone let two test files running at once now and then take the same one: two
 * bridges with one /24 in the root namespace, and connections to the server across them timed out.
 */
export function claimSubnet(preferred: number): number {
  fs.mkdirSync(SUBNET_CLAIMS, { recursive: true });
  for (let step = 0; step < 200; step++) {
    const subnet = 20 + ((((preferred - 20 + step) % 200) + 200) % 200);
    if (!takeClaim(path.join(SUBNET_CLAIMS, String(subnet)))) continue;
    if (!subnetInUse(subnet)) return subnet;
    // Held by a bridge its lab never took down (a test run that was killed): the claim is ours, the addresses
    // are not. Leave the claim in place so other labs skip it too, and try the next subnet.
  }
  throw new Error(`no free lab subnet in ${SUBNET_CLAIMS}`);
}

/**
 * True when an interface of the root namespace already has an address in 10.250.<subnet>.0/24: a second bridge on
 * that /24 makes connections to the server time out (a clean-clone CI run met the bridge of a lab killed hours
 * before, whose claim had died with its process).
 */
function subnetInUse(subnet: number): boolean {
  return quiet('ip', ['-o', '-4', 'addr', 'show', 'to', `10.250.${subnet}.0/24`]).trim() !== '';
}

/** Creates `claim` for this process, or takes it over from a process that has exited; false when it is held. */
function takeClaim(claim: string): boolean {
  const create = () => {
    try {
      fs.writeFileSync(claim, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  };
  if (create()) return true;
  let holder = 0;
  try {
    holder = Number(fs.readFileSync(claim, 'utf8'));
  } catch {
    // Released this instant: try the next subnet rather than race for this one.
  }
  if (isAlive(holder)) return false;
  fs.rmSync(claim, { force: true });
  return create();
}

const NETNS_ETC = '/etc/netns';

/**
 * Gives an agent namespace its own hosts file, `/etc/netns/<ns>/hosts`, a copy of the machine's without any agent
 * block: `ip netns exec` bind-mounts it over /etc/hosts for what runs there, so an agent joined as the console says
 * (which keeps /etc/hosts, decision 048) writes that file, never the machine's, and `getent hosts` in the namespace
 * reads it. Removed with the namespace; kept as it is when it exists already.
 */
export function giveOwnHostsFile(ns: string): void {
  if (fs.existsSync(path.join(NETNS_ETC, ns, 'hosts'))) return;
  let machine = '127.0.0.1\tlocalhost\n::1\tlocalhost\n';
  try {
    machine = fs.readFileSync('/etc/hosts', 'utf8');
  } catch {
    // No hosts file on the machine: the namespace gets localhost only.
  }
  fs.mkdirSync(path.join(NETNS_ETC, ns), { recursive: true });
  fs.writeFileSync(path.join(NETNS_ETC, ns, 'hosts'), rewriteHosts(machine, []));
}

/** Frees a subnet this process claimed. */
export function releaseSubnet(subnet: number): void {
  const claim = path.join(SUBNET_CLAIMS, String(subnet));
  try {
    if (Number(fs.readFileSync(claim, 'utf8')) === process.pid) fs.rmSync(claim, { force: true });
  } catch {
    // Already gone.
  }
}

/**
 * A bridge in the root namespace plus one namespace per agent, each joined to the bridge by a veth pair, all in
 * 10.250.<subnet>.0/24: the server listens on the bridge address, agents dial each other across the bridge.
 */
export class Lab {
  readonly bridge: string;
  readonly namespaces: string[] = [];
  readonly bridgeAddress: string;

  readonly subnet: number;
  /**
   * What the lab's interface and namespace names end with: its subnet, which no other live lab on this machine
   * holds. A tag made from the process id could repeat across test files running at once (a clean-clone CI run
   * had two labs named mdbr461; one's clean-up deleted the other's bridge mid-test). Always three digits, so a
   * name that adds an agent's number after it is read one way only: unpadded, lab 20's agent 35 and lab 203's
   * agent 5 were both `mdns2035`.
   */
  readonly tag: string;

  /** `preferredSubnet`: where to start looking for a free one (`claimSubnet`). */
  constructor(preferredSubnet: number) {
    this.subnet = claimSubnet(preferredSubnet);
    this.tag = String(this.subnet).padStart(3, '0');
    this.bridge = `mdbr${this.tag}`;
    this.bridgeAddress = `10.250.${this.subnet}.1`;
  }

  up(count: number): void {
    raiseNeighbourLimits(count);
    sh('ip', ['link', 'add', this.bridge, 'type', 'bridge']);
    sh('ip', ['addr', 'add', `${this.bridgeAddress}/24`, 'dev', this.bridge]);
    sh('ip', ['link', 'set', this.bridge, 'up']);
    for (let i = 1; i <= count; i++) {
      const ns = `mdns${this.tag}${i}`;
      const [outside, inside] = [`mdh${this.tag}${i}`, `mdn${this.tag}${i}`];
      sh('ip', ['netns', 'add', ns]);
      this.namespaces.push(ns);
      giveOwnHostsFile(ns);
      sh('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', inside]);
      sh('ip', ['link', 'set', inside, 'netns', ns]);
      sh('ip', ['link', 'set', outside, 'master', this.bridge]);
      sh('ip', ['link', 'set', outside, 'up']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'addr', 'add', `${this.agentAddress(i)}/24`, 'dev', inside]);
      sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', inside, 'up']);
      sh('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up']);
    }
  }

  agentAddress(i: number): string {
    return `10.250.${this.subnet}.${i + 1}`;
  }

  /**
   * Deletes the namespaces (with everything inside) and the bridge; safe to call more than once. One `ip -batch`
   * for every deletion (-force: past any that fails): a process each took minutes for 100 agents.
   */
  down(): void {
    const lines = [
      ...this.namespaces.map((ns) => `netns del ${ns}`),
      ...this.namespaces.map((_, i) => `link del mdh${this.tag}${i + 1}`),
      `link del ${this.bridge}`,
    ];
    spawnSync('ip', ['-force', '-batch', '-'], {
      input: `${lines.join('\n')}\n`,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    for (const ns of this.namespaces) fs.rmSync(path.join(NETNS_ETC, ns), { recursive: true, force: true });
    releaseSubnet(this.subnet);
  }
}
