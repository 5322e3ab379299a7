import {
  checkInHostSchema,
  type AgentServerConfig,
  type DnsEntry,
  type HostPull,
  type HostUpdate,
  type RawNode,
} from '@meshdeck/contracts';
import { badRequest, notFound, unauthorized } from '../../lib/api-error.ts';
import type {
  NetworkInfo,
  NodeRecords,
  NodeRow,
  NetworkDirectory,
  StatusChanges,
} from '../nodes/nodes.public.ts';
import { presentRawNode } from '../nodes/nodes.public.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { EventBus } from '../events/events.public.ts';
import type { HostMessenger, PeerUpdateBuilder, PeerUpdateQueue } from '../peers/peers.public.ts';
import type { HostSecrets } from './host-secrets.ts';
import type { HostsService } from './hosts.service.ts';
import { hostSettings } from './host-fields.ts';
import { deconflictListenPort } from './host-input.ts';
import { presentRawHost } from './hosts.presenter.ts';
import { resolveEndpoint, type ObservedAddress } from './observed-endpoint.ts';
import type { HostPatch, HostRow, HostsRepository } from './hosts.repository.ts';

/** What the agent-facing rules read and notify; wired in app.ts. */
export interface AgentServiceDependencies {
  hosts: HostsRepository;
  nodes: NodeRecords;
  networks: NetworkDirectory;
  /** Coalesced per-host peer updates. */
  peers: PeerUpdateQueue;
  peerBuilder: PeerUpdateBuilder;
  messenger: HostMessenger;
  events: EventBus;
  tokens: TokenService;
  /** Host secrets: argon2 once per host, not on every broker login or token refresh. */
  secrets: HostSecrets;
  serverName: string;
  /** The DNS entries of the host's networks (the DNS module), for pulls. */
  dnsOf?: (hostId: string) => Promise<DnsEntry[]>;
  /** Announces the nodes a check-in brings back to healthy (decision 050). */
  status: StatusChanges;
}

/** Agent-facing host routes: token refresh, pull and the HTTP fallback for MQTT messages. No HTTP, no SQL. */
export class AgentService {
  constructor(
    private readonly d: AgentServiceDependencies,
    private readonly hostsService: HostsService,
  ) {}

  /** Checks a host's id and password (the one it registered) and issues a fresh 15-minute host token. */
  async authenticate(id: string, password: string, macAddress = ''): Promise<string> {
    const host = await this.d.hosts.findById(id);
    if (!host) throw badRequest(`host ${id} not found`);
    if (!(await this.d.secrets.verify(host.id, host.password_hash, password)))
      throw unauthorized('incorrect credentials');
    return this.d.tokens.signHostToken(host.id, macAddress);
  }

  /** A fresh host token for a host that just proved itself (registration). */
  issueToken(hostId: string): Promise<string> {
    return this.d.tokens.signHostToken(hostId);
  }

  /** Checks MQTT credentials: username = host id, password = the host's registered password. */
  async verifyBrokerLogin(username: string, password: string): Promise<boolean> {
    const host = await this.d.hosts.findById(username);
    return !!host && (await this.d.secrets.verify(host.id, host.password_hash, password));
  }

  /** Raw nodes of a set of node rows, with their networks' ranges. */
  async rawNodes(rows: NodeRow[]): Promise<RawNode[]> {
    const networks = new Map<string, NetworkInfo | undefined>();
    for (const netid of new Set(rows.map((r) => r.network)))
      networks.set(netid, await this.d.networks.find(netid));
    return rows.map((row) => presentRawNode(row, networks.get(row.network), this.d.serverName));
  }

  /** The host's whole state as GET /api/v1/host returns it: host, nodes and every current peer. */
  async pull(hostId: string, serverConfig: AgentServerConfig): Promise<HostPull> {
    const host = await this.requireHost(hostId);
    const nodes = await this.d.nodes.listByHosts([hostId]);
    const { peers, ids, routing, sync } = await this.d.peerBuilder.peersOf(hostId);
    return {
      host: presentRawHost(
        host,
        nodes.map((n) => n.id),
      ),
      nodes: await this.rawNodes(nodes),
      peers,
      server_config: serverConfig,
      peer_ids: ids,
      replace_peers: true,
      endpoint_detection: false,
      ...routing,
      ...(this.d.dnsOf ? { dns_entries: await this.d.dnsOf(hostId) } : {}),
      peer_sync: sync,
    };
  }

  /** HostUpdate over HTTP (api-contract §2.4): check-ins, host and node updates, self-delete. */
  async fallback(
    hostId: string,
    update: HostUpdate,
    observed: ObservedAddress = { v4: '', v6: '' },
  ): Promise<void> {
    const host = await this.requireHost(hostId);
    switch (update.Action) {
      case 'CHECK_IN':
      case 'UPDATE_HOST':
        // The Host is validated (and applied) first, so a rejected check-in writes nothing.
        if (update.Host) await this.refreshHost(host, update.Host, observed);
        await this.checkIn(hostId);
        return;
      case 'UPDATE_NODE':
        await this.updateNode(hostId, update.Node ?? {});
        return;
      case 'DELETE_HOST':
        await this.hostsService.delete(hostId, true);
        return;
      default:
        return;
    }
  }

  /** Records a check-in on the host's nodes, announcing those it brings back to healthy. */
  private async checkIn(hostId: string): Promise<void> {
    const at = new Date(this.d.status.now()).toISOString();
    await this.d.status.checkIn(hostId, at, () => this.d.nodes.touchCheckIn(hostId, at));
  }

  private async refreshHost(
    host: HostRow,
    body: Record<string, unknown>,
    observed: ObservedAddress,
  ): Promise<void> {
    const parsed = checkInHostSchema.safeParse(body);
    if (!parsed.success)
      throw badRequest(
        `invalid Host: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const h = parsed.data;
    const patch: HostPatch = {};
    if (h.publickey !== undefined && h.publickey !== host.public_key) patch.public_key = h.publickey;
    if (h.listenport !== undefined && h.listenport !== host.listen_port) patch.listen_port = h.listenport;
    if (h.wg_public_listen_port !== undefined && h.wg_public_listen_port !== host.public_listen_port)
      patch.public_listen_port = h.wg_public_listen_port;
    const settings = hostSettings(host);
    const endpoint = resolveEndpoint(h, observed, settings.isstatic);
    if (endpoint.endpointip !== undefined && endpoint.endpointip !== host.endpoint_ip)
      patch.endpoint_ip = endpoint.endpointip;
    if (endpoint.endpointipv6 !== undefined && endpoint.endpointipv6 !== host.endpoint_ip6)
      patch.endpoint_ip6 = endpoint.endpointipv6;
    const settingsPatch = {
      ...(endpoint.nat_type !== undefined && endpoint.nat_type !== settings.nat_type
        ? { nat_type: endpoint.nat_type }
        : {}),
      // The tool the agent uses now: the internet-gateway rule (api-contract §5.6) and host details read it.
      ...(h.firewallinuse !== undefined && h.firewallinuse !== settings.firewallinuse
        ? { firewallinuse: h.firewallinuse }
        : {}),
    };
    if (Object.keys(settingsPatch).length > 0)
      patch.settings = JSON.stringify({ ...settings, ...settingsPatch });
    const portMoved = await this.deconflictPort(host, patch);
    if (h.version !== undefined && h.version !== host.version) patch.version = h.version;
    if (h.mtu !== undefined && h.mtu !== host.mtu) patch.mtu = h.mtu;
    if (h.interfaces) {
      const interfaces = JSON.stringify(
        h.interfaces.map((i) => ({ name: i.name, addressString: i.addressString })),
      );
      if (interfaces !== host.interfaces) patch.interfaces = interfaces;
    }
    // A check-in that repeats what is stored writes nothing and announces nothing (decision 050: at 10,000 hosts a
    // host event per check-in was ~330 events a second to every console); status changes have their own events.
    if (Object.keys(patch).length > 0) await this.applyHostPatch(host, patch);
    // The agent learns its new port from a pull; until then its check-ins repeat the old one, which is ignored.
    if (portMoved) await this.d.messenger.send(host.id, 'UPDATE_HOST');
  }

  /** Writes what a check-in changed and announces it: a host event, and a peer update when peers see it. */
  private async applyHostPatch(host: HostRow, patch: HostPatch): Promise<void> {
    const affectsPeers = [
      'public_key',
      'listen_port',
      'public_listen_port',
      'endpoint_ip',
      'endpoint_ip6',
    ].some((k) => k in patch);
    const updated = await this.d.hosts.update(host.id, { ...patch, updated_at: new Date().toISOString() });
    if (updated === 'duplicate') throw badRequest('a host with this public key is already registered');
    this.d.events.publish({ resource: 'hosts', action: 'updated', id: host.id });
    if (affectsPeers)
      this.d.peers.enqueue({ hostId: host.id, removedPublicKeys: patch.public_key ? [host.public_key] : [] });
  }

  /**
   * Api-contract §5.9 on a check-in: when the endpoint or port changes and another host behind the same public IP
   * uses that port, move it (unless the port is static). A check-in that repeats a port the server moved away from
   * (the agent has not pulled yet) lands here too and keeps the moved port. Returns true when the agent must pull.
   */
  private async deconflictPort(host: HostRow, patch: HostPatch): Promise<boolean> {
    const endpoint = patch.endpoint_ip ?? host.endpoint_ip;
    if (
      (patch.endpoint_ip === undefined && patch.listen_port === undefined) ||
      endpoint === '' ||
      host.is_static_port
    )
      return false;
    const wanted = patch.listen_port ?? host.listen_port;
    const taken = new Set(
      (await this.d.hosts.listPortsAtEndpoint(endpoint))
        .filter((h) => h.id !== host.id)
        .map((h) => h.listen_port),
    );
    const port = deconflictListenPort(wanted, taken);
    if (port === wanted) return false;
    if (port === host.listen_port) delete patch.listen_port;
    else patch.listen_port = port;
    return true;
  }

  private async updateNode(hostId: string, body: Record<string, unknown>): Promise<void> {
    const node = typeof body.id === 'string' ? await this.d.nodes.findById(body.id) : undefined;
    if (!node || node.host_id !== hostId) throw badRequest("Node must be one of this host's nodes");
    if (typeof body.connected === 'boolean') {
      await this.d.nodes.update(node.id, {
        connected: body.connected ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      this.d.events.publish({ resource: 'nodes', action: 'updated', id: node.id, network: node.network });
      this.d.peers.enqueue({ hostId });
    }
  }

  private async requireHost(hostId: string): Promise<HostRow> {
    if (!hostId) throw badRequest('a host token is required (the master key names no host)');
    const host = await this.d.hosts.findById(hostId);
    if (!host) throw notFound(`host ${hostId} not found`);
    return host;
  }
}
