import type { ApiNode } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import type { HostRecords } from '../hosts/hosts.public.ts';
import type { NetworkDirectory, NodeHealth, NodeRecords } from '../nodes/nodes.public.ts';
import type { PeerEngine } from '../peers/peers.public.ts';
import type { RouteClaims } from '../routing/routing.public.ts';
import { ClientFilesService } from './client-files.service.ts';
import { ExtClientsRepository } from './ext-clients.repository.ts';
import { extClientsRoutes } from './ext-clients.routes.ts';
import { ExtClientsService, type ClientChangeSink } from './ext-clients.service.ts';
import type { ClientWrites, RemoteAccessDependencies } from './remote-access-dependencies.ts';
import { GatewayDirectory } from './gateway-directory.ts';
import { GatewaysService } from './gateways.service.ts';
import { remoteAccessRoutes } from './remote-access.routes.ts';
import { RemoteAccessService, type RemoteAccessPeople } from './remote-access.service.ts';
import { presentStaticNode } from './static-nodes.ts';

/** What the ext-clients module offers other modules. */
export interface RemoteAccessModule {
  /**
   * Every client, or a network's, as static nodes of GET /api/nodes and GET /api/nodes/{network} (api-contract
   * §2.3), private keys blanked.
   */
  staticNodes(netid?: string): Promise<ApiNode[]>;
  /** The network of a client ([] for an unknown id), for the auth plugin's network locators (decision 046). */
  networkOfClient: (clientId: string) => Promise<string[]>;
}

/** What the ext-clients module uses. */
export interface RemoteAccessModuleDeps {
  database: DatabaseHandle;
  networks: NetworkDirectory;
  events: EventBus;
  peers: PeerEngine;
  serverName: string;
  /** The route-claim checks a client's extra ranges go through (decision 047). */
  claims: RouteClaims;
  /** Node status by the server's clock (gateways' status). */
  health: NodeHealth;
  /** The nodes module's records: gateways, and a network's lock and addresses that clients share with nodes. */
  nodes: NodeRecords;
  /** The hosts module's records: a gateway's host. */
  hosts: HostRecords;
  /** Pro: the users' own remote-access routes (api-contract §2.13) read users and networks through these. */
  people?: RemoteAccessPeople;
}

/**
 * Remote access (issue 10; api-contract §2.3 createingress, §2.7, §2.13) on top of hosts, nodes and peers: a client
 * change is announced to the console and becomes a peer update of its gateway's host only, which the peer engine
 * turns into the gateway's own list and one delta per member of the gateway's networks (O(affected hosts)).
 */
export async function register(app: ModuleApp, deps: RemoteAccessModuleDeps): Promise<RemoteAccessModule> {
  const d: RemoteAccessDependencies = {
    hosts: deps.hosts,
    nodes: deps.nodes,
    networks: deps.networks,
    events: deps.events,
    peers: deps.peers.queue,
    messenger: deps.peers.messenger,
    serverName: deps.serverName,
    health: deps.health,
  };
  const clients = new ExtClientsRepository(deps.database.db);
  // Allocation and insert, rename, gateway removal: one unit of work each (decision 059).
  const tx: ClientWrites = {
    run: (work) => deps.database.runInTransaction(work, { retryOnUniqueViolation: true }),
    clients,
    nodes: deps.nodes,
  };
  const changes: ClientChangeSink = {
    clientChanged(action, row, gatewayHostId) {
      d.events.publish({ resource: 'extclients', action, id: row.client_id, network: row.network });
      if (gatewayHostId) d.peers.enqueue({ hostId: gatewayHostId });
    },
  };
  // Clients go with their gateway node in the database (cascade) when a node, host or network is deleted: the
  // console hears of it as a client change too.
  d.events.subscribe((event) => {
    const isGatewayGone =
      event.action === 'deleted' &&
      (event.resource === 'nodes' || event.resource === 'hosts' || event.resource === 'networks');
    if (isGatewayGone)
      d.events.publish({
        resource: 'extclients',
        action: 'deleted',
        network: event.resource === 'networks' ? event.id : event.network,
      });
  });
  const directory = new GatewayDirectory(d.nodes, d.hosts, d.networks);
  const service = new ExtClientsService(clients, tx, directory, changes, deps.claims);
  const files = new ClientFilesService(service, directory);
  const gateways = new GatewaysService(d, tx, changes);
  await app.register(extClientsRoutes(service, files, gateways));
  if (deps.people) {
    const remoteAccess = new RemoteAccessService(
      clients,
      tx,
      d.nodes,
      directory,
      service,
      changes,
      deps.people,
      deps.health,
    );
    await app.register(remoteAccessRoutes(remoteAccess));
  }
  return {
    /** The network of a client ([] for an unknown id), for the auth plugin's network locators (decision 046). */
    networkOfClient: async (clientId: string) => {
      const client = await clients.find(clientId);
      return client ? [client.network] : [];
    },
    async staticNodes(netid) {
      const [clients, networks] = await Promise.all([
        netid === undefined ? service.listAll() : service.listOfNetwork(netid),
        deps.networks.list(),
      ]);
      const byId = new Map(networks.map((network) => [network.netid, network]));
      return clients.map((client) => presentStaticNode(client, byId.get(client.network), deps.serverName));
    },
  };
}
