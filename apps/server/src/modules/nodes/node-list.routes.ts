import {
  listPageSchema,
  nodeListItemSchema,
  nodeListQuerySchema,
  nodesOfNetworkParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, canSeeNetwork } from '../../auth/access.ts';
import { notFound } from '../../lib/api-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { NodeListService } from './node-list.service.ts';

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
        config: { access: access.networkAdmin('network') },
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
        if (!canSeeNetwork(request.principal, network)) throw notFound(`network ${network} not found`);
        // The console asks for the whole list, with no query: that answer is the same for everyone who may see the
        // network, so it is built once per data version and shared (100,000 rows: ~40 MB of JSON). Its rows are
        // typed NodeListItem; the contract tests check the wire form instead of walking every row per answer.
        if (Object.keys(request.query).length === 0) {
          await lists.send(
            request,
            reply,
            `console/nodes/${network}`,
            async () => JSON.stringify(await nodes.list(network, {})),
            'fast',
          );
          return reply;
        }
        return nodes.list(network, request.query);
      },
    );
  };
