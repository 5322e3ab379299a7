import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Protocol number marking the agent's bypass routes (the host routes that keep underlay traffic off the tunnel). */
export const BYPASS_PROTOCOL = '78';
export const DEFAULT_ROUTE_FILE = 'default-route.json';

interface Saved {
  /** `ip route show default` (IPv4 and IPv6) when the host became an internet-gateway client. */
  defaults: string[];
}

/** Route flags `ip route show` prints that `ip route add` does not take. */
const SHOW_ONLY = new Set(['linkdown', 'dead', 'offload', 'trap', 'rt_offload', 'rt_trap']);

async function defaultRoutes(): Promise<string[]> {
  const lines: string[] = [];
  for (const family of ['-4', '-6']) {
    const { stdout } = await run('ip', [family, 'route', 'show', 'default']).catch(() => ({ stdout: '' }));
    lines.push(
      ...stdout
        .split('\n')
        .map((line) => `${family} ${line.trim()}`)
        .filter((l) => l.length > 3),
    );
  }
  return lines.sort();
}

/** `ip route replace` arguments of one pin: family, `address/32|128`, then `via <gw>` and `dev <dev>`. */
type PinArgs = string[];

/**
 * Keeps the underlay outside the tunnel (issue 31, decision 047). Any route the mesh sends (an egress range, a
 * client's range, an internet gateway's default halves) may cover the server or a peer's endpoint; each such
 * address gets a host route marked {@link BYPASS_PROTOCOL} through the path it had outside the tunnel, so neither
 * WireGuard's own packets nor the agent's talk with the server ever loop into the tunnel. The halves live on the
 * WireGuard interface and never replace the default route; an internet-gateway client's default routes seen on
 * entry are still saved in the state directory, and when the host stops being a client, or at the next start after
 * a crash, any saved default route that went missing meanwhile is put back exactly as it was.
 *
 * Two steps around the route change: {@link prepare} adds the pins the new routes need before they go in;
 * {@link settle} removes the pins no route needs any more once the routes are out.
 */
export class DefaultRouteGuard {
  constructor(
    private readonly iface: string,
    private readonly stateDir: string | undefined,
    private readonly log: (message: string) => void,
  ) {}

  private get file(): string | undefined {
    return this.stateDir ? path.join(this.stateDir, DEFAULT_ROUTE_FILE) : undefined;
  }

  /** Whether the host was a client at the last apply; unknown at start, so a crashed run's leftovers go once. */
  #isClient: boolean | undefined;
  /** The pins in place, by address; unknown at start, so leftovers of an earlier run are read once. */
  #pins: Map<string, PinArgs> | undefined;
  #wanted = new Set<string>();

  /** Before the routes change: saves the default routes of a new client and adds the pins `addresses` need. */
  async prepare(isClient: boolean, addresses: readonly string[]): Promise<void> {
    if (isClient) {
      this.#isClient = true;
      const file = this.file;
      if (file && !fs.existsSync(file)) {
        const saved: Saved = { defaults: await defaultRoutes() };
        fs.writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
        this.log(
          `internet gateway: default route kept as it is (${saved.defaults.join('; ') || 'none'}); all traffic goes through the tunnel`,
        );
      }
    }
    const pins = (this.#pins ??= await this.present());
    this.#wanted = new Set(addresses);
    for (const address of this.#wanted) {
      if (pins.has(address)) continue;
      const args = await this.pathOutside(address);
      if (!args) continue;
      await run('ip', [args[0]!, 'route', 'replace', ...args.slice(1), 'proto', BYPASS_PROTOCOL]);
      pins.set(address, args);
      this.log(
        `underlay: ${address} kept off the tunnel (${args.slice(2).join(' ')}): a mesh route covers it`,
      );
    }
  }

  /** After the routes changed: removes pins no longer needed; a host no longer a client gets its defaults back. */
  async settle(isClient: boolean): Promise<void> {
    const pins = (this.#pins ??= await this.present());
    for (const [address, args] of [...pins].filter(([a]) => !this.#wanted.has(a))) {
      await run('ip', [args[0]!, 'route', 'del', args[1]!, 'proto', BYPASS_PROTOCOL]).catch(() => undefined);
      pins.delete(address);
    }
    // Most hosts are no client: after the first clean-up there is nothing to look at on every peer change.
    if (!isClient && this.#isClient !== false) await this.restore();
    this.#isClient = isClient;
  }

  private async restore(): Promise<void> {
    const file = this.file;
    if (!file || !fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Saved;
    const now = new Set(await defaultRoutes());
    for (const line of saved.defaults.filter((l) => !now.has(l))) {
      const [family = '-4', ...words] = line.split(' ');
      await run('ip', [family, 'route', 'add', ...words.filter((w) => !SHOW_ONLY.has(w))]).catch(
        (error: unknown) =>
          this.log(
            `internet gateway: could not restore "${line}": ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    }
    fs.rmSync(file, { force: true });
    this.log('internet gateway: traffic back on the default route, as before');
  }

  /**
   * The path `address` takes outside the tunnel: the kernel's own answer while it leads elsewhere (a router on the
   * LAN, a static route), else the main table's default route that is not the tunnel. An address on a directly
   * attached subnet needs no pin (its connected route is more specific than any mesh route the agent installs).
   */
  private async pathOutside(address: string): Promise<PinArgs | undefined> {
    const family = address.includes(':') ? '-6' : '-4';
    const host = `${address}/${family === '-6' ? 128 : 32}`;
    const { stdout: via } = await run('ip', ['-j', family, 'route', 'get', address]).catch(() => ({
      stdout: '[]',
    }));
    const [lookup] = JSON.parse(via || '[]') as { gateway?: string; dev?: string }[];
    if (lookup?.dev && lookup.dev !== this.iface) {
      if (!lookup.gateway) return undefined;
      return [family, host, 'via', lookup.gateway, 'dev', lookup.dev];
    }
    const { stdout } = await run('ip', ['-j', family, 'route', 'show', 'default']).catch(() => ({
      stdout: '[]',
    }));
    const [route] = (JSON.parse(stdout || '[]') as { gateway?: string; dev?: string; metric?: number }[])
      .filter((r) => r.dev && r.dev !== this.iface)
      .sort((a, b) => (a.metric ?? 0) - (b.metric ?? 0));
    if (!route?.dev) {
      this.log(`underlay: ${address} lies inside a mesh route and this host has no other path to it`);
      return undefined;
    }
    return [family, host, ...(route.gateway ? ['via', route.gateway] : []), 'dev', route.dev];
  }

  /** The pins an earlier run may have left (protocol {@link BYPASS_PROTOCOL}). */
  private async present(): Promise<Map<string, PinArgs>> {
    const pins = new Map<string, PinArgs>();
    for (const family of ['-4', '-6']) {
      const { stdout } = await run('ip', [family, 'route', 'show', 'proto', BYPASS_PROTOCOL]).catch(() => ({
        stdout: '',
      }));
      for (const line of stdout.split('\n').filter(Boolean)) {
        const target = line.split(' ')[0] ?? '';
        pins.set(target.replace(/\/(32|128)$/, ''), [family, target]);
      }
    }
    return pins;
  }
}
