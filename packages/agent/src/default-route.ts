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

/**
 * An internet-gateway client's underlay path (issue 31). The tunnel takes all traffic with two half-default routes
 * (routing-plan DEFAULT_HALVES, on the WireGuard interface, which go away with it) and never touches the host's
 * default route; the peers' endpoints and the server stay on that default route through host routes marked
 * {@link BYPASS_PROTOCOL}. The default routes seen on entry are saved in the state directory: when the host stops
 * being a client, or at the next start after a crash, the bypass routes are removed and any saved default route
 * that went missing meanwhile is put back exactly as it was.
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

  /** `bypass`: underlay addresses to keep on the default route; undefined when the host is no client. */
  async apply(bypass: readonly string[] | undefined): Promise<void> {
    if (bypass === undefined) {
      // Most hosts are no client: after the first clean-up there is nothing to look at on every peer change.
      if (this.#isClient !== false) await this.restore();
      this.#isClient = false;
      return;
    }
    this.#isClient = true;
    const file = this.file;
    if (file && !fs.existsSync(file)) {
      const saved: Saved = { defaults: await defaultRoutes() };
      fs.writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
      this.log(
        `internet gateway: default route kept as it is (${saved.defaults.join('; ') || 'none'}); all traffic goes through the tunnel`,
      );
    }
    await this.syncBypass(await this.wantedBypass(bypass));
  }

  private async restore(): Promise<void> {
    await this.syncBypass([]);
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

  /** `ip route replace` arguments for each address, through the default route's gateway and device. */
  private async wantedBypass(addresses: readonly string[]): Promise<string[][]> {
    const wanted: string[][] = [];
    for (const address of new Set(addresses)) {
      const family = address.includes(':') ? '-6' : '-4';
      const prefix = family === '-6' ? 128 : 32;
      // Only the main table's default decides: the half-default routes are more specific but not defaults.
      const { stdout } = await run('ip', ['-j', family, 'route', 'show', 'default']).catch(() => ({
        stdout: '[]',
      }));
      const [route] = (
        JSON.parse(stdout || '[]') as { gateway?: string; dev?: string; metric?: number }[]
      ).sort((a, b) => (a.metric ?? 0) - (b.metric ?? 0));
      if (!route?.dev) continue;
      // An endpoint on a directly attached subnet needs nothing: its connected route outranks the halves.
      const { stdout: via } = await run('ip', ['-j', family, 'route', 'get', address]).catch(() => ({
        stdout: '[]',
      }));
      const [lookup] = JSON.parse(via || '[]') as { gateway?: string; dev?: string }[];
      if (lookup?.dev && lookup.dev !== this.iface && !lookup.gateway) continue;
      wanted.push([
        family,
        `${address}/${prefix}`,
        ...(route.gateway ? ['via', route.gateway] : []),
        'dev',
        route.dev,
      ]);
    }
    return wanted;
  }

  private async syncBypass(wanted: string[][]): Promise<void> {
    const present: string[][] = [];
    for (const family of ['-4', '-6']) {
      const { stdout } = await run('ip', [family, 'route', 'show', 'proto', BYPASS_PROTOCOL]).catch(() => ({
        stdout: '',
      }));
      for (const line of stdout.split('\n').filter(Boolean)) present.push([family, line.split(' ')[0] ?? '']);
    }
    const key = (args: string[]) => `${args[0]} ${(args[1] ?? '').replace(/\/(32|128)$/, '')}`;
    const wantedKeys = new Set(wanted.map(key));
    for (const args of present.filter((p) => !wantedKeys.has(key(p))))
      await run('ip', [args[0]!, 'route', 'del', args[1]!, 'proto', BYPASS_PROTOCOL]).catch(() => undefined);
    for (const args of wanted)
      await run('ip', [args[0]!, 'route', 'replace', ...args.slice(1), 'proto', BYPASS_PROTOCOL]);
  }
}
