import { spawnSync } from 'node:child_process';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import type { LabAgent, MeshLab } from './mesh-lab.ts';
import { quiet, sh } from './netns.ts';

/**
 * Helpers of the routing data-plane tests (issue 31): LAN namespaces behind gateways, cut underlay paths, and
 * packet counters by source address, all inside namespaces the test creates.
 */

const inNs = (ns: string, ...args: string[]) => sh('ip', ['netns', 'exec', ns, ...args]);

/** Why a routing test cannot run here (beyond the data-plane needs): nft counts packets, iptables sets a DROP policy. */
export function routingSkipReason(): string | undefined {
  if (spawnSync('sh', ['-c', 'command -v nft'], { stdio: 'ignore' }).status !== 0)
    return 'needs nft (nftables) for the masquerade and the packet counters';
  if (spawnSync('sh', ['-c', 'command -v iptables'], { stdio: 'ignore' }).status !== 0)
    return 'needs iptables (a gateway whose FORWARD policy is DROP)';
  return undefined;
}

/** A node's id and mesh address by agent name (`agent-<index>`). */
export async function nodesByName(
  server: TestServer,
  token: string,
  network: string,
): Promise<Map<string, { id: string; address: string }>> {
  const nodes = (
    await server.request<{ id: string; hostid: string; address: string }[]>('GET', `/api/nodes/${network}`, {
      token,
    })
  ).body;
  const hosts = (await server.request<{ id: string; name: string }[]>('GET', '/api/hosts', { token })).body;
  return new Map(
    hosts.flatMap((h) => {
      const node = nodes.find((n) => n.hostid === h.id);
      return node ? [[h.name, { id: node.id, address: node.address.split('/')[0] ?? '' }]] : [];
    }),
  );
}

/**
 * A "LAN" namespace: a bridge inside it holding `hostAddress` (the machine the mesh wants to reach), and one veth
 * from each member agent's namespace into that bridge with the member's LAN address. Nothing routes out of it.
 * The namespace joins the lab's list, so the lab's clean-up deletes it (and the veths with it).
 */
export class LanSegment {
  readonly ns: string;
  readonly links = new Map<number, string>();

  constructor(
    private readonly lab: MeshLab,
    private readonly name: string,
    /** First three octets, e.g. `10.247.40`. */
    readonly prefix: string,
  ) {
    this.ns = `md${name}${lab.tag}`;
  }

  get range(): string {
    return `${this.prefix}.0/24`;
  }

  get hostAddress(): string {
    return `${this.prefix}.100`;
  }

  up(): void {
    sh('ip', ['netns', 'add', this.ns]);
    this.lab.lab.namespaces.push(this.ns);
    inNs(this.ns, 'ip', 'link', 'add', 'lanbr', 'type', 'bridge');
    inNs(this.ns, 'ip', 'addr', 'add', `${this.hostAddress}/24`, 'dev', 'lanbr');
    inNs(this.ns, 'ip', 'link', 'set', 'lanbr', 'up');
    inNs(this.ns, 'ip', 'link', 'set', 'lo', 'up');
  }

  /** Plugs agent `agent` into the LAN with `.<host>`; returns the link's name in the agent's namespace. */
  attach(agent: LabAgent | { index: number; ns: string }, host: number): string {
    const inside = `ml${this.name.slice(0, 3)}${this.lab.tag}${agent.index}`;
    const outside = `${inside}x`;
    sh('ip', ['link', 'add', inside, 'type', 'veth', 'peer', 'name', outside]);
    sh('ip', ['link', 'set', inside, 'netns', agent.ns]);
    sh('ip', ['link', 'set', outside, 'netns', this.ns]);
    inNs(this.ns, 'ip', 'link', 'set', outside, 'master', 'lanbr');
    inNs(this.ns, 'ip', 'link', 'set', outside, 'up');
    inNs(agent.ns, 'ip', 'addr', 'add', `${this.prefix}.${host}/24`, 'dev', inside);
    inNs(agent.ns, 'ip', 'link', 'set', inside, 'up');
    this.links.set(agent.index, inside);
    return inside;
  }

  /** Cuts (or restores) agent `index`'s link into the LAN from the LAN side: the cable is pulled, not the host's config. */
  setLink(index: number, up: boolean): void {
    inNs(this.ns, 'ip', 'link', 'set', `${this.links.get(index)}x`, up ? 'up' : 'down');
  }

  /** Counts echo requests arriving in the LAN namespace from `source` (an nft rule per source). */
  countFrom(source: string): void {
    if (!quiet('ip', ['netns', 'exec', this.ns, 'nft', 'list', 'tables']).includes('seen')) {
      inNs(this.ns, 'nft', 'add', 'table', 'ip', 'seen');
      inNs(this.ns, 'nft', 'add chain ip seen input { type filter hook input priority 0; policy accept; }');
    }
    inNs(
      this.ns,
      'nft',
      `add rule ip seen input ip saddr ${source} icmp type echo-request counter comment "${source}"`,
    );
  }

  /** Echo requests counted from `source` so far. */
  packetsFrom(source: string): number {
    const text = quiet('ip', ['netns', 'exec', this.ns, 'nft', 'list', 'table', 'ip', 'seen']);
    const line = text.split('\n').find((l) => l.includes(`comment "${source}"`));
    return Number(/packets (\d+)/.exec(line ?? '')?.[1] ?? 0);
  }
}

/** Blocks the underlay between two agents (blackhole routes both ways): only their mesh paths via others remain. */
export function cutUnderlay(lab: MeshLab, a: LabAgent, b: LabAgent): void {
  inNs(a.ns, 'ip', 'route', 'add', 'blackhole', `${lab.lab.agentAddress(b.index)}/32`);
  inNs(b.ns, 'ip', 'route', 'add', 'blackhole', `${lab.lab.agentAddress(a.index)}/32`);
}

/** Undoes {@link cutUnderlay}: A and B reach each other directly again. */
export function restoreUnderlay(lab: MeshLab, a: LabAgent, b: LabAgent): void {
  inNs(a.ns, 'ip', 'route', 'del', 'blackhole', `${lab.lab.agentAddress(b.index)}/32`);
  inNs(b.ns, 'ip', 'route', 'del', 'blackhole', `${lab.lab.agentAddress(a.index)}/32`);
}

/** The allowed IPs `agent`'s interface gives the peer with this key (undefined when it is no peer there). */
export function allowedIpsOf(agent: LabAgent, publicKey: string): string[] | undefined {
  const line = quiet('ip', ['netns', 'exec', agent.ns, 'wg', 'show', agent.iface, 'allowed-ips'])
    .split('\n')
    .find((l) => l.startsWith(`${publicKey}\t`));
  if (line === undefined) return undefined;
  const ips = line.split('\t')[1] ?? '';
  return ips === '(none)' ? [] : ips.split(' ').filter(Boolean);
}

/** A few pings; true when at least one came back (the first may go before a new route or handshake is in place). */
export function pingsOnce(from: { ns: string }, address: string, count = 3): boolean {
  return (
    spawnSync(
      'ip',
      ['netns', 'exec', from.ns, 'ping', '-c', String(count), '-i', '0.2', '-W', '1', address],
      {
        stdio: 'ignore',
      },
    ).status === 0
  );
}
