import { cidrContains, fromWireSet, type ApiNode, type UpdateNodeInput } from '@meshdeck/contracts';
import type { Principal } from '../../auth/access.ts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { HostMessenger, PeerUpdateQueue } from '../peers/peers.public.ts';
import type { NetworkDirectory, NetworkInfo } from '../networks/networks.public.ts';
import { nodeSettings } from './node-fields.ts';
import { checkNodePutFields, nodeRoutingEdit, type NodeRoutingEdit } from './node-put-fields.ts';
import type { NodeHealth } from './node-status.ts';
import { presentApiNode, presentRawNode } from './nodes.presenter.ts';
import type { NodePatch, NodeRow, NodesRepository } from './nodes.repository.ts';

/** What the node rules read and notify; wired in app.ts. */
export interface NodesServiceDependencies {
  nodes: NodesRepository;
  networks: NetworkDirectory;
  /** Coalesced per-host peer updates. */
  peers: PeerUpdateQueue;
  messenger: HostMessenger;
  events: EventBus;
  serverName: string;
  /**
   * Applies relay and internet-gateway membership asked by a node update, with the rules (and edition) of their
   * own routes, in one transaction of its own (the routing module's, wired in app.ts); throws a 4xx and writes
   * nothing when a rule refuses.
   */
  editRouting?: (netid: string, nodeId: string, edit: NodeRoutingEdit) => Promise<void>;
  /** Node status by the server's clock. */
  health: NodeHealth;
}

const bareAddress = (text: string) => text.split('/')[0] ?? '';

/** Node rules for the console (api-contract §2.3): list, edit, delete, approve. No HTTP, no SQL. */
export class NodesService {
  constructor(private readonly d: NodesServiceDependencies) {}

  /** Every node in ApiNode form, sorted by id, each with its status at one instant. */
  async list(now = this.d.health.now()): Promise<ApiNode[]> {
    const [rows, networks] = await Promise.all([this.d.nodes.listAll(), this.d.networks.list()]);
    const byId = new Map(networks.map((n) => [n.netid, n]));
    return rows.map((row) =>
      presentApiNode(row, byId.get(row.network), this.d.serverName, this.d.health.statusOf(row, now)),
    );
  }

  /** The nodes of one network. */
  async listByNetwork(netid: string, now = this.d.health.now()): Promise<ApiNode[]> {
    const network = await this.requireNetwork(netid);
    return (await this.d.nodes.listByNetwork(netid)).map((row) =>
      presentApiNode(row, network, this.d.serverName, this.d.health.statusOf(row, now)),
    );
  }

  /**
   * Applies a node update (the whole ApiNode, api-contract §2.3): its settings, and relay and internet-gateway
   * membership through the routing rules. A field it does not apply must equal the stored value (issue 39); a new
   * address must be free and inside the network's range. Everything is checked before anything is written.
   */
  async update(netid: string, nodeId: string, input: UpdateNodeInput): Promise<ApiNode> {
    const network = await this.requireNetwork(netid);
    const node = await this.requireNode(netid, nodeId);
    const current = presentApiNode(node, network, this.d.serverName, this.d.health.statusOf(node));
    checkNodePutFields(input, current);
    const edit = nodeRoutingEdit(input, current);
    const columns = await this.columnPatch(netid, network, node, input);
    if (edit.relay || edit.internetGateway) {
      if (!this.d.editRouting) throw badRequest('relaynodes: relays cannot be changed on this server');
      await this.d.editRouting(netid, nodeId, edit);
    }
    // Settings are read again after the routing rules wrote theirs, so neither change overwrites the other.
    const fresh = await this.requireNode(netid, nodeId);
    const s = nodeSettings(fresh);
    const patch: NodePatch = {
      ...columns,
      updated_at: new Date().toISOString(),
      settings: JSON.stringify({
        ...s,
        metadata: input.metadata ?? s.metadata,
        ingressdns: input.ingressdns ?? s.ingressdns,
        ingressmtu: input.ingressmtu ?? s.ingressmtu,
        ingresspersistentkeepalive: input.ingresspersistentkeepalive ?? s.ingresspersistentkeepalive,
        additional_rag_ips: input.additional_rag_ips ?? s.additional_rag_ips,
        dnson: input.dnson ?? s.dnson,
      }),
    };
    const updated = await this.d.nodes.update(nodeId, patch);
    if (!updated) throw notFound(`node ${nodeId} not found`);
    await this.afterChange(updated, network, patch.address !== undefined || patch.address6 !== undefined);
    return presentApiNode(updated, network, this.d.serverName, this.d.health.statusOf(updated));
  }

  /** The node's own columns an update changes (addresses checked free and in range, connected, tags). */
  private async columnPatch(
    netid: string,
    network: NetworkInfo,
    node: NodeRow,
    input: UpdateNodeInput,
  ): Promise<NodePatch> {
    const patch: NodePatch = {};
    const taken = new Set(await this.d.nodes.usedAddresses(netid));
    for (const [field, range] of [
      ['address', network.addressrange],
      ['address6', network.addressrange6],
    ] as const) {
      const wanted = input[field] === undefined ? undefined : bareAddress(input[field]);
      if (wanted === undefined || wanted === '' || wanted === node[field]) continue;
      if (!range || !cidrContains(range, wanted))
        throw badRequest(`${field} ${wanted} is not inside the network range ${range || '(none)'}`);
      if (taken.has(wanted)) throw badRequest(`${field} ${wanted} is already in use in network ${netid}`);
      patch[field] = wanted;
    }
    if (input.connected !== undefined) patch.connected = input.connected ? 1 : 0;
    if (input.tags != null) patch.tags = JSON.stringify(fromWireSet(input.tags));
    return patch;
  }

  /**
   * Deletes a node. The agent itself (host token or `requestfrom: node`) and forced deletes purge it now; a
   * console delete only marks it pending so the agent removes itself (api-contract §5.5).
   */
  async delete(
    netid: string,
    nodeId: string,
    force: boolean,
    principal: Principal,
    isFromNode: boolean,
  ): Promise<void> {
    const node = await this.requireNode(netid, nodeId);
    const isAgent = principal.kind === 'host' && !principal.isMaster;
    if (isAgent && principal.hostId !== node.host_id)
      throw forbidden('access denied: the node belongs to another host');
    if (force || isAgent || isFromNode) {
      await this.d.nodes.delete(nodeId);
      this.d.events.publish({ resource: 'nodes', action: 'deleted', id: nodeId, network: netid });
    } else {
      const marked = await this.d.nodes.update(nodeId, {
        pending_delete: 1,
        action: 'delete',
        updated_at: new Date().toISOString(),
      });
      if (marked) await this.afterChange(marked, await this.d.networks.find(netid), false);
    }
    this.d.events.publish({ resource: 'hosts', action: 'updated', id: node.host_id });
    this.d.peers.enqueue({ hostId: node.host_id, formerNetworks: [netid] });
  }

  /**
   * Approves a node waiting for approval: it becomes an ordinary connected member. A node that is not waiting (every
   * node that joined with a key) answers 400, rather than "approving" it again and reconnecting it if disconnected.
   */
  async approve(netid: string, nodeId: string): Promise<ApiNode> {
    const network = await this.requireNetwork(netid);
    const node = await this.requireNode(netid, nodeId);
    if (node.action !== 'pending') throw badRequest('node is already approved');
    const updated = await this.d.nodes.update(nodeId, {
      action: 'noop',
      connected: 1,
      updated_at: new Date().toISOString(),
    });
    if (!updated) throw notFound(`node ${nodeId} not found`);
    await this.afterChange(updated, network, false);
    return presentApiNode(updated, network, this.d.serverName, this.d.health.statusOf(updated));
  }

  private async afterChange(
    node: NodeRow,
    network: NetworkInfo | undefined,
    addressChanged: boolean,
  ): Promise<void> {
    this.d.events.publish({ resource: 'nodes', action: 'updated', id: node.id, network: node.network });
    await this.d.messenger.sendNode(presentRawNode(node, network, this.d.serverName));
    if (addressChanged) await this.d.messenger.send(node.host_id, 'REQ_PULL');
    this.d.peers.enqueue({ hostId: node.host_id });
  }

  private async requireNetwork(netid: string): Promise<NetworkInfo> {
    const network = await this.d.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    return network;
  }

  private async requireNode(netid: string, nodeId: string): Promise<NodeRow> {
    const node = await this.d.nodes.findById(nodeId);
    if (!node || node.network !== netid) throw badRequest(`node ${nodeId} is not in network ${netid}`);
    return node;
  }
}
