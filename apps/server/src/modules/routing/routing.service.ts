import type { ApiNode, ChangeEvent, RawNode } from '@meshdeck/contracts';
import { forbidden, notFound } from '../../lib/api-error.ts';
import type { NetworkDirectory, NetworkInfo } from '../nodes/nodes.public.ts';
import type { RoutingNodeRow, RoutingRepository } from './routing.repository.ts';
import { RoutingState } from './routing-state.ts';

/** How nodes are shown and told about their change; supplied by the nodes module through the composition root. */
export interface NodeViews {
  api(row: RoutingNodeRow, network: NetworkInfo): ApiNode;
  raw(row: RoutingNodeRow, network: NetworkInfo): RawNode;
  /** The contract's node-update MQTT message to the node's host. */
  sendNode(row: RoutingNodeRow, network: NetworkInfo): Promise<void>;
}

/** The change announcements (the events module's bus, seen through what this module uses of it). */
export interface ChangeAnnouncements {
  publish(event: ChangeEvent): void;
  /** This replica's changes, or every replica's with `everyReplica` (decision 062). */
  subscribe(listener: (event: ChangeEvent) => void, options?: { everyReplica: boolean }): () => void;
}

/** What the routing module uses of the rest of the server. */
export interface RoutingDependencies {
  repository: RoutingRepository;
  networks: NetworkDirectory;
  events: ChangeAnnouncements;
  /** Coalesced per-host peer updates (peers module). */
  peers: { enqueue(...changes: { hostId: string; isRoutingChange?: boolean }[]): void };
  nodeViews: NodeViews;
}

/** A rule run against one network's state: it stages settings or throws a 4xx. */
export type RoutingRule = (state: RoutingState) => void;

export interface RoutingResult {
  network: NetworkInfo;
  node: RoutingNodeRow;
}

/**
 * Runs routing rules (relays, egress, internet gateways, failover; api-contract §5.6) in one transaction per
 * request and tells everyone affected afterwards: consoles (node change events), the changed nodes' agents (node
 * update) and the peer engine (one change per affected host, never a whole-network recompute). No HTTP, no SQL.
 */
export class RoutingService {
  constructor(private readonly d: RoutingDependencies) {}

  /** A network by name; 404 when there is none. */
  async network(netid: string): Promise<NetworkInfo> {
    const network = await this.d.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    return network;
  }

  /** Applies `rule` to the network of `nodeId` and returns the node as stored afterwards. */
  async change(netid: string, nodeId: string, rule: RoutingRule): Promise<RoutingResult> {
    const network = await this.network(netid);
    const { node, changed } = await this.d.repository.inNetwork(netid, async (rows, write) => {
      const state = new RoutingState(netid, rows);
      const target = state.require(nodeId);
      rule(state);
      const written = await this.writeStaged(state, write);
      return { node: written.find((row) => row.id === nodeId) ?? target.row, changed: written };
    });
    await this.announce(changed, network);
    return { network, node };
  }

  /** Applies `rule` to a whole network (no node named), e.g. a failover reset. */
  async resetNetwork(netid: string, rule: RoutingRule): Promise<void> {
    const network = await this.network(netid);
    const changed = await this.d.repository.inNetwork(netid, async (rows, write) => {
      const state = new RoutingState(netid, rows);
      rule(state);
      return this.writeStaged(state, write);
    });
    await this.announce(changed, network);
  }

  /** Like `change`, for routes that name a node without its network (`/api/v1/node/{nodeid}/...`). */
  async changeByNode(nodeId: string, rule: RoutingRule, named?: string): Promise<RoutingResult> {
    const netid = await this.networkOf(nodeId);
    // The request may name a network (`?network=`): the node must be in it (issue 38; the auth plugin checks too).
    if (named !== undefined && named !== netid)
      throw notFound(`nodeid: node ${nodeId} not found in network ${named}`);
    return this.change(netid, nodeId, rule);
  }

  /** Runs `read` on the state of the network of `nodeId` without writing anything. */
  async read<T>(nodeId: string, read: (state: RoutingState) => T): Promise<T> {
    const netid = await this.networkOf(nodeId);
    return read(new RoutingState(netid, await this.d.repository.read(netid)));
  }

  /** The network a node is in; 404 for an unknown node. */
  async networkOf(nodeId: string): Promise<string> {
    const netid = await this.d.repository.networkOf(nodeId);
    if (netid === undefined) throw notFound(`node ${nodeId} not found`);
    return netid;
  }

  /** An agent may act for its own nodes only (api-contract §1.2 `H` with a node id). */
  async requireOwnNode(hostId: string | undefined, nodeId: string): Promise<void> {
    if (hostId === undefined) return;
    const owner = await this.read(nodeId, (state) => state.find(nodeId)?.row.host_id);
    if (owner !== hostId) throw forbidden(`access denied: node ${nodeId} belongs to another host`);
  }

  /** Whether a node names a relay or an internet gateway (so a sweep must list it there). */
  namesRoutingNode(nodeId: string): Promise<boolean> {
    return this.d.repository.namesRoutingNode(nodeId);
  }

  /**
   * A network's settings changed: its internet-gateway clients get their routing state again, since it carries
   * the network's `internetfailmode`. Other hosts' routing does not depend on network settings.
   */
  async networkSettingsChanged(netid: string): Promise<void> {
    const state = new RoutingState(netid, await this.d.repository.read(netid));
    const clients = state.all().filter((node) => node.settings.internetgw_node_id);
    const hosts = new Set(clients.map((node) => node.row.host_id));
    if (hosts.size > 0)
      this.d.peers.enqueue(...[...hosts].map((hostId) => ({ hostId, isRoutingChange: true })));
  }

  /** Removes references to deleted nodes (a relay, an internet gateway, a failover pair) in every network. */
  async sweep(): Promise<void> {
    for (const netid of await this.d.repository.networksWithReferences()) {
      const network = await this.d.networks.find(netid);
      if (!network) continue;
      const changed = await this.d.repository.inNetwork(netid, async (rows, write) => {
        const state = new RoutingState(netid, rows);
        dropDanglingReferences(state);
        return this.writeStaged(state, write);
      });
      await this.announce(changed, network);
    }
  }

  present(result: RoutingResult): ApiNode {
    return this.d.nodeViews.api(result.node, result.network);
  }

  presentRaw(result: RoutingResult): RawNode {
    return this.d.nodeViews.raw(result.node, result.network);
  }

  private async writeStaged(
    state: RoutingState,
    write: (nodeId: string, settings: string) => Promise<RoutingNodeRow>,
  ): Promise<RoutingNodeRow[]> {
    const written: RoutingNodeRow[] = [];
    for (const staged of state.changed())
      written.push(await write(staged.row.id, JSON.stringify(staged.settings)));
    return written;
  }

  private async announce(changed: readonly RoutingNodeRow[], network: NetworkInfo): Promise<void> {
    for (const row of changed) {
      this.d.events.publish({ resource: 'nodes', action: 'updated', id: row.id, network: row.network });
      await this.d.nodeViews.sendNode(row, network);
    }
    const hosts = [...new Set(changed.map((row) => row.host_id))];
    if (hosts.length > 0) this.d.peers.enqueue(...hosts.map((hostId) => ({ hostId, isRoutingChange: true })));
  }
}

/**
 * Makes one network's references consistent: settings naming nodes that no longer exist are cleared, and a
 * relay's `relaynodes` and an internet gateway's client list follow the nodes that name them (a node that joined
 * with a relay key names its relay, api-contract §5.3).
 */
export function dropDanglingReferences(state: RoutingState): void {
  const exists = (id: string) => state.find(id) !== undefined;
  for (const node of state.all()) {
    const s = node.settings;
    const patch: Parameters<RoutingState['patch']>[1] = {};
    // A reference to a node that is gone, or no longer has the role, is cleared.
    if (s.relayedby && !state.find(s.relayedby)?.settings.isrelay)
      Object.assign(patch, { isrelayed: false, relayedby: '' });
    if (s.internetgw_node_id && !state.find(s.internetgw_node_id)?.settings.isinternetgateway)
      patch.internetgw_node_id = '';
    if (s.failed_over_by && !exists(s.failed_over_by))
      Object.assign(patch, { failed_over_by: '', fail_over_peers: [] });
    else if (s.fail_over_peers.some((id) => !exists(id)))
      patch.fail_over_peers = s.fail_over_peers.filter(exists);
    if (Object.keys(patch).length > 0) state.patch(node.row.id, patch);
  }
  for (const node of state.all()) {
    const s = node.settings;
    if (s.isrelay) {
      const relayed = followers(state, node.row.id, (n) => n.settings.isrelayed && n.settings.relayedby);
      if (!sameMembers(s.relaynodes, relayed))
        state.patch(node.row.id, { relaynodes: ordered(s.relaynodes, relayed) });
    }
    if (s.isinternetgateway) {
      const clients = followers(state, node.row.id, (n) => n.settings.internetgw_node_id);
      if (!sameMembers(s.inet_node_client_ids, clients))
        state.patch(node.row.id, { inet_node_client_ids: ordered(s.inet_node_client_ids, clients) });
    }
  }
}

const followers = (
  state: RoutingState,
  leaderId: string,
  leaderOf: (node: ReturnType<RoutingState['all']>[number]) => string | false,
): string[] =>
  state
    .all()
    .filter((n) => leaderOf(n) === leaderId)
    .map((n) => n.row.id);

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** `current` as the list now is: known members keep their place, new ones follow. */
const ordered = (previous: readonly string[], current: readonly string[]) => [
  ...previous.filter((id) => current.includes(id)),
  ...current.filter((id) => !previous.includes(id)),
];
