import { execFile, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import {
  IPTABLES_CHAIN,
  isEmptyPlan,
  renderIptablesRestore,
  renderNftRuleset,
  type FirewallPlan,
} from './firewall-plan.ts';
import { IPTABLES_INBOUND_CHAIN, renderInboundIptables } from './inbound-filter.ts';

const run = promisify(execFile);

/** The host's firewall tool as the contract names it (`firewallinuse`). */
export type FirewallKind = 'nftables' | 'iptables' | 'none';

/**
 * Which tool the agent can translate addresses with: nftables when `nft` answers (it needs root and the nf_tables
 * module), else iptables when `iptables-restore` runs, else none. Reported at registration as `firewallinuse`.
 */
export function detectFirewall(): FirewallKind {
  if (spawnSync('nft', ['list', 'tables'], { stdio: 'ignore' }).status === 0) return 'nftables';
  if (spawnSync('iptables-restore', ['--version'], { stdio: 'ignore' }).status === 0) return 'iptables';
  return 'none';
}

/** {@link detectFirewall} without blocking the event loop (check-ins look again while probes are being answered). */
export async function detectFirewallLater(): Promise<FirewallKind> {
  const answers = (command: string, args: string[]) =>
    run(command, args).then(
      () => true,
      () => false,
    );
  if (await answers('nft', ['list', 'tables'])) return 'nftables';
  if (await answers('iptables-restore', ['--version'])) return 'iptables';
  return 'none';
}

/** Runs a command with text on its standard input; rejects with its standard error. */
function runWithInput(command: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
    child.stdin.end(input);
  });
}

/**
 * Applies the agent's address translation with whichever tool the host has, only when the ruleset text changed,
 * and says plainly (once per change, and in `missing`) when a feature needs a tool the host lacks.
 */
export class Firewall {
  #kind: FirewallKind = detectFirewall();
  /** What could not be done for want of a tool, for the log and `status`; undefined when nothing is missing. */
  missing: string | undefined;
  #applied: string | undefined;

  constructor(
    private readonly iface: string,
    private readonly log: (message: string) => void,
  ) {}

  /** The tool in use: the one found at start, or by the latest {@link redetect}. */
  get kind(): FirewallKind {
    return this.#kind;
  }

  /**
   * Looks for the tools again (at every check-in), so a tool installed or removed since the start is used and
   * reported; true when the tool changed (the caller applies its plan again, with the new tool).
   */
  async redetect(detect: () => Promise<FirewallKind> = detectFirewallLater): Promise<boolean> {
    const found = await detect();
    if (found === this.#kind) return false;
    this.log(`firewall tool: ${this.#kind} -> ${found}`);
    this.#kind = found;
    this.#applied = undefined;
    return true;
  }

  async apply(plan: FirewallPlan | undefined): Promise<void> {
    const wanted = plan ?? { iface: this.iface, peers: [], natRanges: [], internetSources: [] };
    if (this.#kind === 'nftables') return this.applyText(renderNftRuleset(wanted), (text) => this.nft(text));
    if (this.#kind === 'iptables')
      return this.applyText(
        [4, 6]
          .map(
            (f) =>
              renderIptablesRestore(wanted, f as 4 | 6) +
              renderInboundIptables(wanted.inbound ?? [], f as 4 | 6),
          )
          .join(''),
        () => this.iptables(wanted),
      );
    const lacking = [
      ...(isEmptyPlan(wanted)
        ? []
        : [
            `masquerading (${[...wanted.natRanges, ...wanted.internetSources].join(', ')}) needs nftables (nft) or iptables (iptables-restore); neither is installed, so that traffic leaves with its mesh source address`,
          ]),
      ...(wanted.inbound?.length
        ? [
            `the access policy's port and protocol limits (${wanted.inbound.map((g) => g.rules.join(' ') || 'nothing').join('; ')}) need nftables (nft) or iptables (iptables-restore); neither is installed, so those peers can open anything on this host`,
          ]
        : []),
    ];
    const needed = lacking.length > 0 ? lacking.join('; ') : undefined;
    if (needed && needed !== this.missing) this.log(needed);
    this.missing = needed;
  }

  private async applyText(text: string, apply: (text: string) => Promise<void>): Promise<void> {
    if (text === this.#applied) return;
    await apply(text);
    this.#applied = text;
  }

  private nft(text: string): Promise<void> {
    return runWithInput('nft', ['-f', '-'], text);
  }

  private async iptables(plan: FirewallPlan): Promise<void> {
    for (const [family, tool] of [
      [4, 'iptables'],
      [6, 'ip6tables'],
    ] as const) {
      const restore = `${tool}-restore`;
      try {
        await runWithInput(restore, ['-w', '--noflush'], renderIptablesRestore(plan, family));
        const jump = ['-w', '-t', 'nat', 'POSTROUTING', '-j', IPTABLES_CHAIN];
        const present = await run(tool, ['-w', '-t', 'nat', '-C', ...jump.slice(3)]).then(
          () => true,
          () => false,
        );
        if (!present) await run(tool, ['-w', '-t', 'nat', '-I', ...jump.slice(3)]);
        await this.iptablesInbound(tool, plan, family);
      } catch (error) {
        // IPv6 may be off on the host: only IPv4 failing is an error for the plan.
        if (family === 4) throw error;
      }
    }
  }

  /** The packet filter's chain, declared afresh, and the INPUT jump for the mesh interface (first, once). */
  private async iptablesInbound(tool: string, plan: FirewallPlan, family: 4 | 6): Promise<void> {
    await runWithInput(
      `${tool}-restore`,
      ['-w', '--noflush'],
      renderInboundIptables(plan.inbound ?? [], family),
    );
    const jump = ['INPUT', '-i', this.iface, '-j', IPTABLES_INBOUND_CHAIN];
    const present = await run(tool, ['-w', '-C', ...jump]).then(
      () => true,
      () => false,
    );
    if (!present) await run(tool, ['-w', '-I', ...jump]);
  }
}
