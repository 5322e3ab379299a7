import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { tryRun } from './netns.ts';

const run = promisify(execFile);

/** Why the remote-access data-plane test cannot run here beyond the agent data plane's own needs, or undefined. */
export function laptopSkipReason(): string | undefined {
  for (const tool of ['wg-quick', 'curl', 'zbarimg', 'iptables', 'bash']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `needs ${tool} on PATH`;
  }
  return undefined;
}

/**
 * A machine with no Meshdeck agent, in its own network namespace: it downloads its WireGuard config from the
 * server's API like a person would (curl with their token) and brings it up with the standard tools only
 * (`wg-quick` driving wireguard-go, since the kernel here may lack the WireGuard module).
 */
export class Laptop {
  /** wg-quick names the interface after the file, so the config lives at `<dir>/<clientid>.conf`. */
  readonly configFile: string;

  constructor(
    readonly ns: string,
    readonly clientId: string,
    dir: string,
  ) {
    this.configFile = path.join(dir, `${clientId}.conf`);
  }

  /**
   * `GET <url>` from inside the namespace with a bearer token; returns the body written to `file`. Asynchronous:
   * the server under test runs in this same process, so a blocking call would never get its answer.
   */
  async download(url: string, token: string, file: string): Promise<Buffer> {
    await run('ip', [
      'netns',
      'exec',
      this.ns,
      'curl',
      '-sS',
      '--fail-with-body',
      '--max-time',
      '30',
      '-H',
      `authorization: Bearer ${token}`,
      '-o',
      file,
      url,
    ]);
    return fs.readFileSync(file);
  }

  /**
   * Writes the config for wg-quick. A `DNS =` line would make wg-quick call resolvconf, which rewrites the DNS of
   * the whole machine running the test (resolv.conf is not per namespace): only that line is dropped.
   */
  saveConfig(text: string): void {
    const withoutDns = text
      .split('\n')
      .filter((line) => !/^\s*DNS\s*=/i.test(line))
      .join('\n');
    fs.writeFileSync(this.configFile, withoutDns, { mode: 0o600 });
  }

  /** `wg-quick up` inside the namespace (throws with wg-quick's output when it fails). */
  up(): void {
    execFileSync('ip', ['netns', 'exec', this.ns, 'wg-quick', 'up', this.configFile], {
      stdio: 'pipe',
      env: { ...process.env, WG_QUICK_USERSPACE_IMPLEMENTATION: 'wireguard-go' },
    });
  }

  pings(address: string): boolean {
    return (
      spawnSync('ip', ['netns', 'exec', this.ns, 'ping', '-c', '1', '-W', '1', address], { stdio: 'ignore' })
        .status === 0
    );
  }

  /** Gives the laptop an address behind it (as if a LAN sat there), the target of the client's extra allowed IPs. */
  addLanAddress(address: string): void {
    execFileSync('ip', ['netns', 'exec', this.ns, 'ip', 'addr', 'add', `${address}/32`, 'dev', 'lo']);
  }

  /**
   * `wg-quick down`, then stops the wireguard-go that wg-quick daemonised: deleting the namespace does not end it.
   * Its pid is found by its exact command line (`wireguard-go <clientid>`, unique to this test run).
   */
  down(): void {
    if (fs.existsSync(this.configFile))
      tryRun('ip', ['netns', 'exec', this.ns, 'wg-quick', 'down', this.configFile]);
    for (const pid of this.wireguardGoPids()) tryRun('kill', ['-TERM', pid]);
  }

  private wireguardGoPids(): string[] {
    const wanted = `wireguard-go\0${this.clientId}\0`;
    return fs.readdirSync('/proc').filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8') === wanted;
      } catch {
        return false;
      }
    });
  }
}
