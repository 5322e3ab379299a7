import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { DefaultRouteGuard } from './default-route.ts';
import { Firewall } from './firewall.ts';
import { diffRoutes, type RoutingPlan } from './routing-plan.ts';

const run = promisify(execFile);

/**
 * Routes added by the agent carry this protocol number, so the agent finds and removes its own routes and never
 * an operator's route on the same interface (iproute2 accepts any number below 256; 77 is not assigned).
 */
export const ROUTE_PROTOCOL = '77';

/** The comment that marks the agent's iptables rules. */
const RULE_COMMENT = 'meshdeck-agent remote-access forwarding';
/** The comment of the rules that let an egress or internet gateway forward out of the tunnel and back. */
const OUTWARD_COMMENT = 'meshdeck-agent gateway forwarding';
type RuleKind = 'mesh' | 'out' | 'back';
/** Every rule this agent may have left behind (tool/kind), removed once at start. */
const ALL_RULES = ['iptables', 'ip6tables'].flatMap((tool) =>
  ['mesh', 'out', 'back'].map((k) => `${tool}/${k}`),
);

/**
 * Applies a RoutingPlan to the host: routes through the WireGuard interface, and on an ingress gateway forwarding
 * between its clients and the mesh. Both sides of that traffic use the tunnel interface (client -> gateway ->
 * mesh node and back), so forwarding is switched on for that interface only and one FORWARD rule (in and out on
 * the interface) is inserted, because hosts running Docker or a firewall default FORWARD to DROP.
 */
export class HostRouting {
  /** Set when this agent turned on IPv6 forwarding, which Linux only has per namespace, so that it can turn it off. */
  #enabledIpv6 = false;
  #ruleWarned = false;
  /** Set when this agent turned on namespace-wide IPv4 forwarding (egress, internet gateway), to turn it off. */
  #enabledIpv4All = false;
  /** Which tools' FORWARD rules are in place; unknown at start, so leftovers of an earlier run get removed once. */
  #rules: Set<string> | undefined;
  readonly firewall: Firewall;
  readonly #defaultRoute: DefaultRouteGuard;

  constructor(
    private readonly iface: string,
    private readonly log: (message: string) => void = () => undefined,
    stateDir?: string,
  ) {
    this.firewall = new Firewall(iface, log);
    this.#defaultRoute = new DefaultRouteGuard(iface, stateDir, log);
  }

  /** Brings the host in line with the plan (idempotent: called after every peer change). */
  async apply(plan: RoutingPlan): Promise<void> {
    // Pins first: once a route covering the server or an endpoint is in, that address must already stay outside;
    // pins no route needs any more go once the routes are out (decision 047).
    const isClient = plan.isInternetClient === true;
    await this.#defaultRoute.prepare(isClient, plan.pins ?? []);
    await this.syncRoutes(plan.routes);
    await this.#defaultRoute.settle(isClient);
    // Translation before forwarding, forwarding off before translation goes: a packet forwarded before its
    // masquerade rule exists leaves with the mesh address, and its conntrack entry keeps the whole flow that way.
    if (plan.gateway) {
      await this.firewall.apply(plan.firewall);
      await this.enableForwarding(plan.gateway.ipv6, plan.gateway.outward === true);
    } else {
      await this.disableForwarding();
      await this.firewall.apply(plan.firewall);
    }
  }

  /** Removes the forwarding rules and settings (leave, host deleted); routes go with the interface itself. */
  async clear(): Promise<void> {
    this.#rules = undefined;
    await this.disableForwarding();
    await this.firewall.apply(undefined);
    await this.#defaultRoute.prepare(false, []);
    await this.#defaultRoute.settle(false);
  }

  private async syncRoutes(wanted: string[]): Promise<void> {
    const current: string[] = [];
    for (const family of ['-4', '-6']) {
      const { stdout } = await run('ip', [
        family,
        'route',
        'show',
        'dev',
        this.iface,
        'proto',
        ROUTE_PROTOCOL,
      ]);
      current.push(
        ...stdout
          .split('\n')
          .map((line) => line.split(' ')[0] ?? '')
          .filter(Boolean),
      );
    }
    const { remove, add } = diffRoutes(current, wanted);
    for (const route of remove)
      await run('ip', ['route', 'del', route, 'dev', this.iface, 'proto', ROUTE_PROTOCOL]);
    for (const route of add)
      await run('ip', ['route', 'replace', route, 'dev', this.iface, 'proto', ROUTE_PROTOCOL]);
  }

  private async enableForwarding(ipv6: boolean, outward: boolean): Promise<void> {
    writeSetting(`/proc/sys/net/ipv4/conf/${this.iface}/forwarding`, '1');
    // Out of the tunnel and back: replies enter through the LAN interface, whose own switch decides, so an egress
    // or internet gateway needs forwarding on every interface (what net.ipv4.ip_forward sets).
    if (outward && readSetting('/proc/sys/net/ipv4/ip_forward') === '0') {
      writeSetting('/proc/sys/net/ipv4/ip_forward', '1');
      this.#enabledIpv4All = true;
    } else if (!outward && this.#enabledIpv4All) {
      writeSetting('/proc/sys/net/ipv4/ip_forward', '0');
      writeSetting(`/proc/sys/net/ipv4/conf/${this.iface}/forwarding`, '1');
      this.#enabledIpv4All = false;
    }
    // The kernel answers in-and-out-of-the-same-interface forwarding with ICMP redirects; turning them off would
    // take the namespace-wide `all` switch, and they are harmless: a client's route through the tunnel has no
    // gateway to replace.
    if (ipv6 && readSetting('/proc/sys/net/ipv6/conf/all/forwarding') === '0') {
      writeSetting('/proc/sys/net/ipv6/conf/all/forwarding', '1');
      this.#enabledIpv6 = true;
    }
    const tools = ipv6 ? ['iptables', 'ip6tables'] : ['iptables'];
    const kinds: RuleKind[] = outward ? ['mesh', 'out', 'back'] : ['mesh'];
    const wanted = tools.flatMap((tool) => kinds.map((kind) => `${tool}/${kind}`));
    // Spawning iptables on every peer change is wasteful: check the rules once, then trust what this agent did.
    for (const rule of wanted) if (!this.#rules?.has(rule)) await this.ensureRule(rule);
    for (const rule of [...(this.#rules ?? ALL_RULES)].filter((r) => !wanted.includes(r)))
      await this.removeRule(rule);
    this.#rules = new Set(wanted);
  }

  private async disableForwarding(): Promise<void> {
    if (this.#enabledIpv4All) writeSetting('/proc/sys/net/ipv4/ip_forward', '0');
    this.#enabledIpv4All = false;
    // A fresh interface takes the namespace default (which follows net.ipv4.ip_forward): go back to that.
    const fallback = readSetting('/proc/sys/net/ipv4/conf/default/forwarding') ?? '0';
    if (readSetting(`/proc/sys/net/ipv4/conf/${this.iface}/forwarding`) === '1' && fallback === '0') {
      writeSetting(`/proc/sys/net/ipv4/conf/${this.iface}/forwarding`, '0');
    }
    if (this.#enabledIpv6) writeSetting('/proc/sys/net/ipv6/conf/all/forwarding', '0');
    this.#enabledIpv6 = false;
    for (const rule of this.#rules ?? ALL_RULES) await this.removeRule(rule);
    this.#rules = new Set();
  }

  /**
   * `mesh`: in and out of the tunnel (remote-access clients, relayed and failed-over peers); `out`: from the tunnel
   * to another interface, and `back`: the replies (egress and internet gateways).
   */
  private ruleArgs(kind: RuleKind): string[] {
    const accept = ['-j', 'ACCEPT'];
    if (kind === 'mesh')
      return [
        'FORWARD',
        '-i',
        this.iface,
        '-o',
        this.iface,
        '-m',
        'comment',
        '--comment',
        RULE_COMMENT,
        ...accept,
      ];
    const comment = ['-m', 'comment', '--comment', OUTWARD_COMMENT];
    if (kind === 'out') return ['FORWARD', '-i', this.iface, '!', '-o', this.iface, ...comment, ...accept];
    const replies = ['-m', 'conntrack', '--ctstate', 'RELATED,ESTABLISHED'];
    return ['FORWARD', '!', '-i', this.iface, '-o', this.iface, ...replies, ...comment, ...accept];
  }

  private async ensureRule(rule: string): Promise<void> {
    const [tool = 'iptables', kind = 'mesh'] = rule.split('/') as [string, RuleKind];
    if (await succeeds(tool, ['-w', '-C', ...this.ruleArgs(kind)])) return;
    if (await succeeds(tool, ['-w', '-I', ...this.ruleArgs(kind)])) return;
    // Without iptables forwarding still works where FORWARD accepts by default; say so once rather than fail.
    if (!this.#ruleWarned)
      this.log(
        `${tool}: could not add the FORWARD rule for ${this.iface}; forwarding relies on the FORWARD policy`,
      );
    this.#ruleWarned = true;
  }

  private async removeRule(rule: string): Promise<void> {
    const [tool = 'iptables', kind = 'mesh'] = rule.split('/') as [string, RuleKind];
    // Deleting one copy per call: loop in case an earlier run inserted it twice.
    for (let i = 0; i < 10 && (await succeeds(tool, ['-w', '-D', ...this.ruleArgs(kind)])); i++);
  }
}

const succeeds = (command: string, args: string[]): Promise<boolean> =>
  run(command, args).then(
    () => true,
    () => false,
  );

function readSetting(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function writeSetting(file: string, value: string): void {
  if (readSetting(file) !== value) fs.writeFileSync(file, value);
}
