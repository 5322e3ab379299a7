import { badRequest } from '../../lib/api-error.ts';
import { nodeSettings, type NodeSettings } from '../nodes/nodes.public.ts';
import type { NetworkRows, RoutingHostRow, RoutingNodeRow } from './routing.repository.ts';

/** What the rules know about one node of the network: its row, parsed settings and host. */
export interface RoutingNode {
  row: RoutingNodeRow;
  settings: NodeSettings;
  host: RoutingHostRow | undefined;
}

const parseHostSettings = (text: string): { firewallinuse: string; isdefault: boolean } => {
  try {
    const value = JSON.parse(text) as { firewallinuse?: unknown; isdefault?: unknown };
    return {
      firewallinuse: typeof value.firewallinuse === 'string' ? value.firewallinuse : 'none',
      isdefault: value.isdefault === true,
    };
  } catch {
    return { firewallinuse: 'none', isdefault: false };
  }
};

/** The host's firewall (`iptables`, `nftables` or `none`) and whether it is a default host. */
export const hostFlags = (host: RoutingHostRow | undefined) =>
  host ? parseHostSettings(host.settings) : { firewallinuse: 'none', isdefault: false };

/**
 * One network's routing roles during a change (api-contract §5.6). Rules read nodes and stage new settings here;
 * the service writes the staged ones in the same transaction, so a refused request writes nothing.
 */
export class RoutingState {
  readonly #nodes = new Map<string, RoutingNode>();
  readonly #changed = new Set<string>();

  constructor(
    readonly netid: string,
    rows: NetworkRows,
  ) {
    for (const row of rows.nodes)
      this.#nodes.set(row.id, { row, settings: nodeSettings(row), host: rows.hosts.get(row.host_id) });
  }

  /** A node of this network, or undefined. */
  find(nodeId: string): RoutingNode | undefined {
    return this.#nodes.get(nodeId);
  }

  /** A node of this network; a 400 naming `field` (or the node) when it is not in the network. */
  require(nodeId: string, field?: string): RoutingNode {
    const node = this.#nodes.get(nodeId);
    if (!node) throw badRequest(`${field ? `${field}: ` : ''}node ${nodeId} is not in network ${this.netid}`);
    return node;
  }

  /** Every node of the network. */
  all(): RoutingNode[] {
    return [...this.#nodes.values()];
  }

  /** Stages new settings for a node. */
  patch(nodeId: string, change: Partial<NodeSettings>): void {
    const node = this.require(nodeId);
    node.settings = { ...node.settings, ...change };
    this.#changed.add(nodeId);
  }

  /** Nodes whose settings were staged, with their new settings. */
  changed(): RoutingNode[] {
    return [...this.#changed].map((id) => this.require(id));
  }

  /**
   * The name people know a node by: its host's name, or the id when the host is unknown. Messages name hosts,
   * never UUIDs, since the console shows them as they are (issue 39).
   */
  label(node: RoutingNode): string {
    return node.host?.name || node.row.id;
  }
}

/** Linux hosts only (api-contract §5.6): a 400 naming the host and its OS. */
export function requireLinux(state: RoutingState, node: RoutingNode, role: string): void {
  const os = node.host?.os ?? '';
  if (os !== 'linux')
    throw badRequest(
      `only Linux hosts can be ${role}: node ${state.label(node)} runs on ${os || 'an unknown OS'}`,
    );
}

/** Whether a node is relayed by a relay that still exists in the network. */
export function relayOf(state: RoutingState, node: RoutingNode): RoutingNode | undefined {
  const id = node.settings.relayedby;
  if (!node.settings.isrelayed || !id) return undefined;
  const relay = state.find(id);
  return relay?.settings.isrelay ? relay : undefined;
}

/** The internet gateway a node uses, if that gateway still exists and still is one. */
export function internetGatewayOf(state: RoutingState, node: RoutingNode): RoutingNode | undefined {
  const id = node.settings.internetgw_node_id;
  if (!id) return undefined;
  const gateway = state.find(id);
  return gateway?.settings.isinternetgateway ? gateway : undefined;
}
