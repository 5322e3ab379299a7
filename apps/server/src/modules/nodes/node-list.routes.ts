import {
  listPageSchema,
  nodeListItemSchema,
  nodeListQuerySchema,
  nodesOfNetworkParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, canSeeNetwork } from '../../auth/access.ts';
import { notFound } from '../../lib/api-error.ts';
import type { NodeListService } from './node-list.service.ts';

/**
 * Meshdeck's node list for the console (issue 18): lean rows with search, type, status, sort and paging.
 * `GET /api/nodes/{network}` stays the full wire form for compatible clients.
 */
export const nodeListRoutes =
  (nodes: NodeListService): FastifyPluginAsyncZod =>
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
      async (request) => {
        if (!canSeeNetwork(request.principal, request.params.network)) throw notFound(`network ${request.params.network} not found`);
        return nodes.list(request.params.network, request.query);
      },
    );
  };
