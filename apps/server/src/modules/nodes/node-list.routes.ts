import {
  listPageSchema,
  nodeListItemSchema,
  nodeListQuerySchema,
  nodesOfNetworkParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, canSeeNetwork } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { notFound } from '../../lib/api-error.ts';
import { listJson, type ReadCache } from '../../lib/read-cache.ts';
import { nodePage, type NodeListService } from './node-list.service.ts';

/**
 * Meshdeck's node list for the console (issue 18): lean rows with search, type, status, sort and paging.
 * `GET /api/nodes/{network}` stays the full wire form for compatible clients.
 */
export const nodeListRoutes =
  (nodes: NodeListService, lists: ReadCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/console/nodes/:network',
      {
        config: { access: access.networkAdmin(network.param('network')) },
        schema: {
          tags: ['console lists'],
          summary: "A network's nodes as lean rows, filtered, sorted and paged (no limit = every match)",
          params: nodesOfNetworkParamsSchema,
          querystring: nodeListQuerySchema,
          response: { 200: listPageSchema(nodeListItemSchema) },
        },
      },
      // RBAC lets a platform-user read any network (api-contract §8.3); like the network itself, one it holds no
      // role in is not found for it.
      async (request, reply) => {
        const { network } = request.params;
        const { query } = request;
        if (!canSeeNetwork(request.principal, network)) throw notFound(`network ${network} not found`);
        // A host's or some ids' rows (a live patch) are read now; every other answer is cut from the network's
        // rows, read once per data version and shared by everyone who may see the network (issue 18).
        if (query.ids !== undefined || query.host !== undefined) return nodes.list(network, query);
        const key = `console/nodes/${network}`;
        const rows = () => lists.value(key, () => nodes.items(network));
        // The console asks for the whole list with no query (100,000 rows: ~34 MB of JSON), serialised once per
        // data version too. Its rows are typed NodeListItem; the contract tests check the wire form instead of
        // walking every row per answer.
        if (Object.keys(query).length === 0) {
          await lists.send(request, reply, key, async () => listJson(nodePage(await rows(), {})), 'fast');
          return reply;
        }
        return nodePage(await rows(), query);
      },
    );
  };
