import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientFilesService } from './client-files.service.ts';
import type { ExtClientsRepository } from './ext-clients.repository.ts';
import { extClientsRoutes } from './ext-clients.routes.ts';
import { ExtClientsService, type ClientChangeSink } from './ext-clients.service.ts';
import type { ExtClientsTransaction } from './ext-clients-transaction.repository.ts';
import type { RemoteAccessDependencies } from './remote-access-dependencies.ts';
import { GatewayDirectory } from './gateway-directory.ts';
import { GatewaysService } from './gateways.service.ts';
import { remoteAccessRoutes } from './remote-access.routes.ts';
import { RemoteAccessService, type RemoteAccessPeople } from './remote-access.service.ts';

/**
 * Wires remote access (issue 10) onto the hosts, nodes and peers modules: a client change is announced to the console and
 * becomes a peer update of its gateway's host only, which the peer engine turns into the gateway's own list and
 * one delta per member of the gateway's networks (O(affected hosts)).
 */
export function createRemoteAccess(
  d: RemoteAccessDependencies,
  clients: ExtClientsRepository,
  tx: ExtClientsTransaction,
) {
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
  const service = new ExtClientsService(clients, tx, directory, changes);
  const files = new ClientFilesService(service, directory);
  const gateways = new GatewaysService(d, tx, changes);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(extClientsRoutes(service, files, gateways));
  };
  /** The Pro user side (api-contract §2.13), which needs the users and networks modules. */
  const userRoutes = (people: RemoteAccessPeople) =>
    remoteAccessRoutes(new RemoteAccessService(clients, tx, d.nodes, directory, service, changes, people));
  return { routes, userRoutes };
}
