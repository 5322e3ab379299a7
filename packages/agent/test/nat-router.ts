import type { Lab } from './netns.ts';
import { sh, tryRun } from './netns.ts';

/**
 * A home-router set-up inside the lab: namespace `routerIndex` (on the bridge) forwards for a private namespace
 * behind it and masquerades its traffic, so the server and the other agents only ever see the router's address.
 */
export class NatRouter {
  readonly router: string;
  readonly privateNs: string;
  readonly privateNet: string;
  readonly routerAddress: string;
  readonly #outside: string;
  readonly #rule: string[];

  constructor(
    private readonly lab: Lab,
    private readonly tag: string,
    routerIndex: number,
  ) {
    this.router = lab.namespaces[routerIndex - 1]!;
    this.routerAddress = lab.agentAddress(routerIndex);
    this.#outside = `mdn${tag}${routerIndex}`;
    this.privateNs = `mdpv${tag}`;
    this.privateNet = `10.249.${lab.subnet}`;
    this.#rule = [
      '-t',
      'nat',
      'POSTROUTING',
      '-s',
      `${this.privateNet}.0/24`,
      '-o',
      this.#outside,
      '-j',
      'MASQUERADE',
    ];
  }

  /** The private host's address, which nothing on the bridge can route to. */
  get privateAddress(): string {
    return `${this.privateNet}.2`;
  }

  /**
   * Creates the private namespace (added to the lab's list, so the lab's clean-up deletes it too), its link to
   * the router, forwarding and the MASQUERADE rule.
   */
  up(): void {
    const [inRouter, inPrivate] = [`mdrt${this.tag}`, `mdpi${this.tag}`];
    const inNs = (ns: string, ...args: string[]) => sh('ip', ['netns', 'exec', ns, ...args]);
    sh('ip', ['netns', 'add', this.privateNs]);
    this.lab.namespaces.push(this.privateNs);
    sh('ip', ['link', 'add', inRouter, 'type', 'veth', 'peer', 'name', inPrivate]);
    sh('ip', ['link', 'set', inRouter, 'netns', this.router]);
    sh('ip', ['link', 'set', inPrivate, 'netns', this.privateNs]);
    inNs(this.router, 'ip', 'addr', 'add', `${this.privateNet}.1/24`, 'dev', inRouter);
    inNs(this.router, 'ip', 'link', 'set', inRouter, 'up');
    inNs(this.router, 'sysctl', '-q', '-w', 'net.ipv4.ip_forward=1');
    inNs(this.router, 'iptables', this.#rule[0]!, this.#rule[1]!, '-A', ...this.#rule.slice(2));
    inNs(this.privateNs, 'ip', 'addr', 'add', `${this.privateAddress}/24`, 'dev', inPrivate);
    inNs(this.privateNs, 'ip', 'link', 'set', inPrivate, 'up');
    inNs(this.privateNs, 'ip', 'link', 'set', 'lo', 'up');
    inNs(this.privateNs, 'ip', 'route', 'add', 'default', 'via', `${this.privateNet}.1`);
  }

  /** Removes the MASQUERADE rule (deleting the router namespace would too; this also covers a kept namespace). */
  down(): void {
    tryRun('ip', [
      'netns',
      'exec',
      this.router,
      'iptables',
      this.#rule[0]!,
      this.#rule[1]!,
      '-D',
      ...this.#rule.slice(2),
    ]);
  }
}
