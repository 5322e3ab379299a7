import type { ApiNode, CreateIngressInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { hostSettings } from '../hosts/hosts.public.ts';
import type { NetworkInfo, NodeRow } from '../nodes/nodes.public.ts';
import {
  DEFAULT_NODE_SETTINGS,
  nodeSettings,
  presentApiNode,
  presentRawNode,
} from '../nodes/nodes.public.ts';
import type { ClientChangeSink } from './ext-clients.service.ts';
import type { ClientWrites, RemoteAccessDependencies } from './remote-access-dependencies.ts';
import { DEFAULT_GATEWAY_KEEPALIVE, DEFAULT_GATEWAY_MTU } from './gateway-context.ts';

const INTERNET_GATEWAY_DNS = '1.1.1.1';

/** Remote-access gateway rules (api-contract §2.3 createingress / deleteingress, §5.6). No HTTP, no SQL. */
export class GatewaysService {
  constructor(
    private readonly d: RemoteAccessDependencies,
    private readonly writes: ClientWrites,
    private readonly changes: ClientChangeSink,
  ) {}

  /** Makes a node a remote-access gateway (or updates its gateway settings): Linux hosts only, not relayed. */
  async create(netid: string, nodeId: string, input: CreateIngressInput): Promise<ApiNode> {
    const { network, node } = await this.require(netid, nodeId);
    const host = await this.d.hosts.findById(node.host_id);
    if (!host) throw badRequest(`the host of node ${nodeId} no longer exists`);
    if (host.os !== 'linux')
      throw badRequest(
        `only Linux hosts can be remote-access gateways: host ${host.name} runs ${host.os || 'an unknown OS'}`,
      );
    const s = nodeSettings(node);
    if (s.isrelayed)
      throw badRequest('a relayed node cannot be a remote-access gateway: remove it from its relay first');
    const isInternetGateway = input.is_internet_gw ?? s.isinternetgateway;
    if (isInternetGateway && !s.isinternetgateway && hostSettings(host).firewallinuse === 'none') {
      throw badRequest(`an internet gateway needs a firewall on its host: host ${host.name} reports none`);
    }
    const settings = {
      ...s,
      isingressgateway: true,
      isinternetgateway: isInternetGateway,
      ingressdns: input.extclientdns ?? (s.ingressdns || (isInternetGateway ? INTERNET_GATEWAY_DNS : '')),
      ingressmtu: input.mtu || s.ingressmtu || DEFAULT_GATEWAY_MTU,
      ingresspersistentkeepalive:
        input.persistentkeepalive || s.ingresspersistentkeepalive || DEFAULT_GATEWAY_KEEPALIVE,
      metadata: input.metadata ?? s.metadata,
    };
    const updated = await this.d.nodes.update(nodeId, {
      settings: JSON.stringify(settings),
      updated_at: new Date().toISOString(),
    });
    if (!updated) throw badRequest(`node ${nodeId} is not in network ${netid}`);
    return this.afterChange(updated, network);
  }

  /** Ends a node's gateway role: its clients and attached users go in the same transaction. */
  async delete(netid: string, nodeId: string): Promise<ApiNode> {
    const { network, node } = await this.require(netid, nodeId);
    const s = nodeSettings(node);
    const reset = {
      ...s,
      isingressgateway: false,
      isinternetgateway: false,
      ingressdns: DEFAULT_NODE_SETTINGS.ingressdns,
      ingressmtu: DEFAULT_NODE_SETTINGS.ingressmtu,
      ingresspersistentkeepalive: DEFAULT_NODE_SETTINGS.ingresspersistentkeepalive,
    };
    const { updated, removed } = await this.writes.run(async () => {
      const removedClients = await this.writes.clients.deleteByGateway(nodeId);
      await this.writes.clients.removeGatewayUsers(nodeId);
      return {
        removed: removedClients,
        updated: await this.writes.nodes.update(nodeId, {
          settings: JSON.stringify(reset),
          updated_at: new Date().toISOString(),
        }),
      };
    });
    if (!updated) throw badRequest(`node ${nodeId} is not in network ${netid}`);
    for (const client of removed) this.changes.clientChanged('deleted', client, undefined);
    return this.afterChange(updated, network);
  }

  private async afterChange(node: NodeRow, network: NetworkInfo): Promise<ApiNode> {
    this.d.events.publish({ resource: 'nodes', action: 'updated', id: node.id, network: node.network });
    await this.d.messenger.sendNode(presentRawNode(node, network, this.d.serverName));
    // The gateway's own list gains or loses its clients; its peers' entry for it gains or loses their addresses.
    this.d.peers.enqueue({ hostId: node.host_id });
    return presentApiNode(node, network, this.d.serverName, this.d.health.statusOf(node));
  }

  private async require(netid: string, nodeId: string): Promise<{ network: NetworkInfo; node: NodeRow }> {
    const network = await this.d.networks.find(netid);
    if (!network) throw badRequest(`network ${netid} not found`);
    const node = await this.d.nodes.findById(nodeId);
    if (!node || node.network !== netid) throw badRequest(`node ${nodeId} is not in network ${netid}`);
    return { network, node };
  }
}
