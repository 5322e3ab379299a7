import type { ApiHost, UpdateHostInput } from '@meshdeck/contracts';
import { canManageHost, type Principal } from '../../auth/access.ts';
import type { UnitOfWork } from '../../lib/module.ts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { NetworkDirectory, NodeRecords } from '../nodes/nodes.public.ts';
import type { HostMessenger, PeerUpdateQueue } from '../peers/peers.public.ts';
import { hostSettings } from './host-fields.ts';
import { presentApiHost } from './hosts.presenter.ts';
import type { HostPatch, HostRow, HostsRepository } from './hosts.repository.ts';

/** What the host rules read and notify; wired in app.ts. */
export interface HostsServiceDependencies {
  transaction: UnitOfWork;
  hosts: HostsRepository;
  nodes: NodeRecords;
  networks: NetworkDirectory;
  /** Coalesced per-host peer updates. */
  peers: PeerUpdateQueue;
  messenger: HostMessenger;
  events: EventBus;
  /** Whether a host's agent is on the embedded broker now; undefined when the server cannot tell (external broker). */
  brokerPresence?: (hostId: string) => boolean | undefined;
}

/** Host rules for the console (api-contract §2.4): list, edit, delete, join and leave networks. No HTTP, no SQL. */
export class HostsService {
  constructor(private readonly d: HostsServiceDependencies) {}

  /** Every host in ApiHost form, sorted by name. */
  async list(): Promise<ApiHost[]> {
    const [hosts, nodeIds] = await Promise.all([this.d.hosts.listAll(), this.d.nodes.nodeIdsByHost()]);
    return hosts.map((host) => this.withBrokerState(presentApiHost(host, nodeIds.get(host.id) ?? [])));
  }

  /** Adds `broker_connected` when the server can tell (embedded broker). */
  private withBrokerState(host: ApiHost): ApiHost {
    const isConnected = this.d.brokerPresence?.(host.id);
    return isConnected === undefined ? host : { ...host, broker_connected: isConnected };
  }

  /** Applies the editable fields; empty values keep what is stored (api-contract §2.4). */
  async update(hostId: string, input: UpdateHostInput): Promise<ApiHost> {
    if (input.id && input.id !== hostId) throw badRequest('the host id in the body does not match the path');
    const host = await this.require(hostId);
    const settings = hostSettings(host);
    const patch: HostPatch = { updated_at: new Date().toISOString() };
    if (input.name) patch.name = input.name;
    if (input.listenport) patch.listen_port = input.listenport;
    if (input.mtu) patch.mtu = input.mtu;
    if (input.persistentkeepalive) patch.keepalive_seconds = input.persistentkeepalive;
    if (input.endpointip) patch.endpoint_ip = input.endpointip;
    if (input.endpointipv6) patch.endpoint_ip6 = input.endpointipv6;
    const isDefault = input.isdefault ?? settings.isdefault;
    // A default host must keep its port (api-contract §2.4).
    if (input.isstaticport != null || isDefault)
      patch.is_static_port = isDefault || input.isstaticport ? 1 : 0;
    patch.settings = JSON.stringify({
      ...settings,
      verbosity: input.verbosity ?? settings.verbosity,
      firewallinuse: input.firewallinuse || settings.firewallinuse,
      debug: input.debug ?? settings.debug,
      isstatic: input.isstatic ?? settings.isstatic,
      isdefault: isDefault,
      autoupdate: input.autoupdate ?? settings.autoupdate,
      dns_status: input.dns || settings.dns_status,
      enable_flow_logs: input.enable_flow_logs ?? settings.enable_flow_logs,
    });
    const updated = await this.d.hosts.update(hostId, patch);
    if (!updated || updated === 'duplicate') throw notFound(`host ${hostId} not found`);
    this.d.events.publish({ resource: 'hosts', action: 'updated', id: hostId });
    await this.d.messenger.send(hostId, 'UPDATE_HOST');
    this.d.peers.enqueue({ hostId });
    return presentApiHost(updated, await this.nodeIds(hostId));
  }

  /** Deletes a host and its nodes; without force it refuses while the host still has nodes. */
  async delete(hostId: string, force: boolean): Promise<ApiHost> {
    const host = await this.require(hostId);
    const nodes = await this.d.nodes.listByHosts([hostId]);
    if (nodes.length > 0 && !force)
      throw badRequest('host still has associated nodes: leave its networks first or use force=true');
    await this.d.transaction(() => this.d.hosts.delete(hostId));
    await this.d.messenger.send(hostId, 'DELETE_HOST');
    this.d.peers.enqueue({
      hostId,
      formerNetworks: nodes.map((n) => n.network),
      removedPublicKeys: [host.public_key],
    });
    for (const node of nodes)
      this.d.events.publish({ resource: 'nodes', action: 'deleted', id: node.id, network: node.network });
    this.d.events.publish({ resource: 'hosts', action: 'deleted', id: hostId });
    return presentApiHost(
      host,
      nodes.map((n) => n.id),
    );
  }

  /**
   * Adds the host to a network: a node with the lowest free address, then peer updates. The route checked that
   * the caller administers the target network; the caller must also be allowed to act on the host itself.
   */
  async join(caller: Principal, hostId: string, netid: string): Promise<void> {
    const memberships = await this.d.nodes.listByHosts([hostId]);
    if (
      !canManageHost(
        caller,
        memberships.map((n) => n.network),
      )
    )
      throw forbidden('access denied: you do not administer any network of this host');
    await this.require(hostId);
    const network = await this.d.networks.find(netid);
    if (!network) throw badRequest(`network ${netid} does not exist`);
    const node = await this.d.transaction(async () => {
      if ((await this.d.nodes.listByHosts([hostId])).some((n) => n.network === netid))
        throw badRequest(`host is already in network ${netid}`);
      return this.d.nodes.createMembership({ hostId, network, tags: [], relayedBy: '', now: new Date() });
    });
    this.d.events.publish({ resource: 'nodes', action: 'created', id: node.id, network: netid });
    this.d.events.publish({ resource: 'hosts', action: 'updated', id: hostId });
    await this.d.messenger.send(hostId, 'JOIN_HOST_TO_NETWORK');
    this.d.peers.enqueue({ hostId });
  }

  /**
   * Removes the host from a network. With force the node is deleted now; otherwise it is marked pending delete
   * (peers drop it at once) and its agent is told to pull and remove it itself (api-contract §5.5).
   */
  async leave(hostId: string, netid: string, force: boolean): Promise<void> {
    const node = (await this.d.nodes.listByHosts([hostId])).find((n) => n.network === netid);
    if (!node) throw badRequest(`host ${hostId} is not in network ${netid}`);
    if (force) await this.d.nodes.delete(node.id);
    else
      await this.d.nodes.update(node.id, {
        pending_delete: 1,
        action: 'delete',
        updated_at: new Date().toISOString(),
      });
    this.d.events.publish({
      resource: 'nodes',
      action: force ? 'deleted' : 'updated',
      id: node.id,
      network: netid,
    });
    this.d.events.publish({ resource: 'hosts', action: 'updated', id: hostId });
    await this.d.messenger.send(hostId, 'REQ_PULL');
    this.d.peers.enqueue({ hostId, formerNetworks: [netid] });
  }

  /** Asks one host (or every host) to rotate its WireGuard keys. */
  async refreshKeys(hostId?: string): Promise<void> {
    if (hostId === undefined) return this.d.messenger.sendToAll(await this.d.hosts.listIds(), 'UPDATE_KEYS');
    await this.require(hostId);
    await this.d.messenger.send(hostId, 'UPDATE_KEYS');
  }

  /** Asks a host to pull its state. */
  async sync(hostId: string): Promise<void> {
    await this.require(hostId);
    await this.d.messenger.send(hostId, 'REQ_PULL');
  }

  /** Asks a host to upgrade its agent. */
  async upgrade(hostId: string, force: boolean): Promise<void> {
    await this.require(hostId);
    await this.d.messenger.send(hostId, force ? 'FORCE_UPGRADE' : 'UPGRADE');
  }

  private async require(hostId: string): Promise<HostRow> {
    const host = await this.d.hosts.findById(hostId);
    if (!host) throw notFound(`host ${hostId} not found`);
    return host;
  }

  private async nodeIds(hostId: string): Promise<string[]> {
    return (await this.d.nodes.nodeIdsByHost([hostId])).get(hostId) ?? [];
  }
}
