import type { IngressGwUsers, NetworkWire, ReturnUser, UserRag, UserRemoteGw } from '@meshdeck/contracts';
import { canUseGateway, type Principal } from '../../auth/access.ts';
import { ApiError, badRequest, forbidden } from '../../lib/api-error.ts';
import { nodeSettings, type NodeHealth, type NodeRecords } from '../nodes/nodes.public.ts';
import type { ExtClientsRepository } from './ext-clients.repository.ts';
import {
  REMOTE_CLIENT_EXISTS,
  type ClientChangeSink,
  type ExtClientsService,
} from './ext-clients.service.ts';
import type { GatewayContext } from './gateway-context.ts';
import type { GatewayDirectory } from './gateway-directory.ts';
import type { ClientWrites } from './remote-access-dependencies.ts';
import { presentUserRag, presentUserRemoteGw } from './remote-access-view.ts';

/** What remote access needs from the users and networks modules (wired in app.ts). */
export interface RemoteAccessPeople {
  getUser(username: string): Promise<ReturnUser>;
  /** A network by id, without the caller's visibility rule: a gateway the user may use makes its network theirs. */
  getNetwork(netid: string): Promise<NetworkWire | undefined>;
}

/**
 * The user side of remote access (api-contract §2.13): users attached to gateways, and the remote-access
 * client's (RAC) view of the gateways a user may connect through. No HTTP, no SQL.
 */
export class RemoteAccessService {
  constructor(
    private readonly clients: ExtClientsRepository,
    private readonly writes: ClientWrites,
    private readonly nodes: NodeRecords,
    private readonly gateways: GatewayDirectory,
    private readonly clientsService: ExtClientsService,
    private readonly changes: ClientChangeSink,
    private readonly people: RemoteAccessPeople,
    private readonly health: NodeHealth,
  ) {}

  /** Attaches a user to a gateway; admins reach every gateway already (400). */
  async attachUser(username: string, gatewayId: string): Promise<ReturnUser> {
    const user = await this.people.getUser(username);
    if (user.isadmin || user.issuperadmin)
      throw badRequest(`${username} is an admin and can use every gateway already`);
    await this.requireGateway(gatewayId);
    await this.clients.addGatewayUser(gatewayId, username);
    return this.withGateways(user);
  }

  /** Detaches a user from a gateway and deletes the user's clients on it, in one transaction. */
  async detachUser(username: string, gatewayId: string): Promise<ReturnUser> {
    const user = await this.people.getUser(username);
    const gw = await this.gateways.context(gatewayId);
    const removed = await this.writes.run(async () => {
      await this.writes.clients.removeGatewayUser(gatewayId, username);
      return this.writes.clients.deleteByGateway(gatewayId, username);
    });
    for (const row of removed) this.changes.clientChanged('deleted', row, gw?.host.id);
    return this.withGateways(user);
  }

  /** The users attached to a gateway. */
  async gatewayUsers(gatewayId: string): Promise<IngressGwUsers> {
    const gw = await this.requireGateway(gatewayId);
    const users = await Promise.all(
      (await this.clients.gatewayUsers(gatewayId)).map((name) => this.people.getUser(name)),
    );
    return { node_id: gatewayId, network: gw.node.network, users };
  }

  /** The gateways a user may use, each with the user's client on it (the one of `racId` when given). */
  async userGateways(
    principal: Principal,
    username: string,
    racId: string | undefined,
  ): Promise<UserRemoteGw[]> {
    const gateways = await this.gatewaysOf(principal, username);
    const owned = await this.clients.listByGateways(gateways.map((gw) => gw.node.id));
    return gateways.map((gw) =>
      presentUserRemoteGw(
        gw,
        owned.find(
          (c) =>
            c.gateway_node_id === gw.node.id &&
            c.owner_id === username &&
            (!racId || c.remote_access_client_id === racId),
        ),
        this.health.statusOf(gw.node),
      ),
    );
  }

  /** Networks in which the caller has at least one usable gateway. */
  async racNetworks(principal: Principal): Promise<NetworkWire[]> {
    const netids = [
      ...new Set((await this.gatewaysOf(principal, usernameOf(principal))).map((gw) => gw.node.network)),
    ].sort();
    const networks = await Promise.all(netids.map((netid) => this.people.getNetwork(netid)));
    return networks.filter((network): network is NetworkWire => network !== undefined);
  }

  /** The caller's usable gateways in one network. */
  async racAccessPoints(principal: Principal, netid: string): Promise<UserRag[]> {
    await this.gateways.requireNetwork(netid);
    return (await this.gatewaysOf(principal, usernameOf(principal)))
      .filter((gw) => gw.node.network === netid)
      .map(presentUserRag);
  }

  /** The caller's client on a gateway, created on first use (403 when the gateway is not theirs to use). */
  async racConfig(principal: Principal, gatewayId: string, racId: string): Promise<UserRemoteGw> {
    const username = usernameOf(principal);
    const gw = (await this.gatewaysOf(principal, username)).find((g) => g.node.id === gatewayId);
    if (!gw) throw forbidden('access denied: you have no access to this gateway');
    const findMine = async () =>
      (await this.clients.listByGateways([gatewayId])).find(
        (c) => c.owner_id === username && c.remote_access_client_id === racId,
      );
    const mine = await findMine();
    if (mine) return presentUserRemoteGw(gw, mine, this.health.statusOf(gw.node));
    try {
      const created = await this.clientsService.create(
        gw.node.network,
        gatewayId,
        { remote_access_client_id: racId },
        { username, reach: 'own', isNetworkAdmin: false },
      );
      return presentUserRemoteGw(
        gw,
        await this.clients.find(created.clientid),
        this.health.statusOf(gw.node),
      );
    } catch (error) {
      // A concurrent call for the same device created it first (checked under the network lock): answer with it.
      const existing =
        error instanceof ApiError && error.message === REMOTE_CLIENT_EXISTS && (await findMine());
      if (existing) return presentUserRemoteGw(gw, existing, this.health.statusOf(gw.node));
      throw error;
    }
  }

  /** Gateways the user may use: attached ones, and (when the caller is that user) those their roles grant. */
  private async gatewaysOf(principal: Principal, username: string): Promise<GatewayContext[]> {
    const attached = new Set(await this.clients.gatewaysOfUser(username));
    const isSelf = principal.kind === 'user' && principal.username === username;
    const candidates = (await this.nodes.listAll()).filter((node) => nodeSettings(node).isingressgateway);
    const usable = candidates.filter(
      (node) => attached.has(node.id) || (isSelf && canUseGateway(principal, node.network, node.id)),
    );
    const contexts = await Promise.all(usable.map((node) => this.gateways.context(node.id)));
    return contexts.filter((gw): gw is GatewayContext => gw !== undefined);
  }

  private async requireGateway(gatewayId: string): Promise<GatewayContext> {
    const gw = await this.gateways.context(gatewayId);
    if (!gw?.settings.isingressgateway) throw badRequest('ingress does not exist');
    return gw;
  }

  private async withGateways(user: ReturnUser): Promise<ReturnUser> {
    const ids = await this.clients.gatewaysOfUser(user.username);
    return { ...user, remote_gw_ids: Object.fromEntries(ids.map((id) => [id, {}])) };
  }
}

const usernameOf = (principal: Principal): string => (principal.kind === 'user' ? principal.username : '');
