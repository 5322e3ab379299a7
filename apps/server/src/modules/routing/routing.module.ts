import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NetworkDirectory } from '../nodes/nodes.public.ts';
import { proRoutingRoutes } from './pro-routing.routes.ts';
import { RoutingRepository } from './routing.repository.ts';
import { relayRoutes } from './relays.routes.ts';
import { RoutingStatusStore } from './routing-status.ts';
import { routingStatusRoutes } from './routing-status.routes.ts';
import { egressRoutes } from './egress.routes.ts';
import { RouteClaims, type HostEndpoints } from './route-claims.ts';
import type { Config } from '../../config.ts';
import { nodeEditRule } from './node-edit-rules.ts';
import type { NodeRoutingEdit } from '../nodes/nodes.public.ts';
import {
  RoutingService,
  type ChangeAnnouncements,
  type NodeViews,
  type RoutingDependencies,
} from './routing.service.ts';

/** What the routing module needs from the server (built in app.ts, the composition root). */
export interface RoutingModuleDependencies {
  db: Kysely<Database>;
  edition: 'community' | 'pro';
  networks: NetworkDirectory;
  events: ChangeAnnouncements;
  peers: RoutingDependencies['peers'];
  nodeViews: NodeViews;
  /** The route-claim checks (decision 047), shared with the ext-clients module. */
  claims: RouteClaims;
}

/**
 * The route-claim checks (decision 047), built once in app.ts for this module and ext-clients: every network,
 * every host's endpoint (the hosts module's), and the server as configured (PUBLIC_API_URL, the broker's URL).
 */
export function routeClaims(
  networks: NetworkDirectory,
  hosts: HostEndpoints,
  config: Pick<Config, 'publicApiUrl'>,
  brokerUrl: string,
): RouteClaims {
  return new RouteClaims(networks, hosts, [config.publicApiUrl, brokerUrl]);
}

/** What the routing module offers other modules. */
export interface RoutingModule {
  /** Relay and internet-gateway membership asked by a node update, with the rules of their own routes. */
  editNode(netid: string, nodeId: string, edit: NodeRoutingEdit): Promise<void>;
}

/** Quiet time after a delete or join before references are made consistent (a bulk change needs one sweep). */
const SWEEP_DELAY_MS = 200;

/**
 * Relays, egress gateways, internet gateways and failover (issue 31; api-contract §2.3, §2.9, §5.6). Egress
 * routes exist in both editions; relays are made in Pro only (console-spec §1; community can still remove one);
 * internet gateways and failover are Pro only (§1.1). When nodes or hosts are deleted, settings that named them
 * (a relay, a gateway, a failover pair) are cleared.
 */
export async function register(
  app: FastifyInstance,
  deps: RoutingModuleDependencies,
): Promise<RoutingModule> {
  const repository = new RoutingRepository(deps.db);
  const service = new RoutingService({
    repository,
    networks: deps.networks,
    events: deps.events,
    peers: deps.peers,
    nodeViews: deps.nodeViews,
  });
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    timer = undefined;
    service.sweep().catch((error: unknown) => app.log.error({ err: error }, 'routing clean-up failed'));
  };
  const schedule = () => {
    timer ??= setTimeout(sweep, SWEEP_DELAY_MS);
  };
  const statuses = new RoutingStatusStore(repository);
  // A deleted host's report goes on every replica (decision 062); the clean-ups run where the change was made.
  const unfollow = deps.events.subscribe(
    (event) => {
      if (event.resource === 'hosts' && event.action === 'deleted' && event.id) statuses.forget(event.id);
    },
    { everyReplica: true },
  );
  const unsubscribe = deps.events.subscribe((event) => {
    const isDelete = event.action === 'deleted' && (event.resource === 'nodes' || event.resource === 'hosts');
    if (isDelete) schedule();
    // The internet fail mode is a network setting its gateway clients' agents must hear about.
    if (event.resource === 'networks' && event.action === 'updated' && event.id)
      service
        .networkSettingsChanged(event.id)
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'routing update after a network change failed'),
        );
    // A node that joined with a relay key names its relay, whose `relaynodes` must list it.
    if (event.resource === 'nodes' && event.action === 'created' && event.id)
      service.namesRoutingNode(event.id).then(
        (names) => names && schedule(),
        (error: unknown) => app.log.error({ err: error }, 'routing check of a new node failed'),
      );
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unfollow();
    clearTimeout(timer);
  });
  const isPro = deps.edition === 'pro';
  await app.register(relayRoutes(service, isPro));
  await app.register(egressRoutes(service, deps.claims));
  await app.register(routingStatusRoutes(statuses, service));
  if (isPro) await app.register(proRoutingRoutes(service));
  return {
    editNode: async (netid, nodeId, edit) => {
      await service.change(netid, nodeId, nodeEditRule(nodeId, edit, isPro));
    },
  };
}
