import { notFound } from '../../lib/api-error.ts';
import type { HostRecords } from '../hosts/hosts.public.ts';
import type { NetworkDirectory, NetworkInfo, NodeRecords } from '../nodes/nodes.public.ts';
import { endpointText, gatewayContext, type GatewayContext } from './gateway-context.ts';

/** Reads gateways (node + host + network) for the client services; no rules, only lookups. */
export class GatewayDirectory {
  constructor(
    private readonly nodes: NodeRecords,
    private readonly hosts: HostRecords,
    private readonly networks: NetworkDirectory,
  ) {}

  /** The network, or 404. */
  async requireNetwork(netid: string): Promise<NetworkInfo> {
    const network = await this.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    return network;
  }

  /** A node with its host and network, or undefined when any of them is gone. */
  async context(nodeId: string): Promise<GatewayContext | undefined> {
    const node = await this.nodes.findById(nodeId);
    if (!node) return undefined;
    const [host, network, networkNodes] = await Promise.all([
      this.hosts.findById(node.host_id),
      this.networks.find(node.network),
      this.nodes.listByNetwork(node.network),
    ]);
    return host && network ? gatewayContext(node, host, network, networkNodes) : undefined;
  }

  /** `ip:port` a client dials the gateway on ('' before the gateway reported a public IP). */
  endpoint(gw: GatewayContext): string {
    return endpointText(gw);
  }

  /** Endpoints of several gateways at once (lists). */
  async endpoints(nodeIds: readonly string[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    for (const nodeId of nodeIds) {
      const gw = await this.context(nodeId);
      if (gw) result.set(nodeId, this.endpoint(gw));
    }
    return result;
  }
}
