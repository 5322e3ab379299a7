import {
  envelopeSchema,
  hostParamsSchema,
  nodesOfNetworkParamsSchema,
  routingStatusListSchema,
  routingStatusReportSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, canSeeNetwork } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { RoutingService } from './routing.service.ts';
import type { RoutingStatusStore } from './routing-status.ts';

/**
 * Meshdeck extras: agents report their routing picture (the active router per range and why), the console reads
 * it per network to show which of two gateways each host uses (issue 31).
 */
export const routingStatusRoutes =
  (store: RoutingStatusStore, routing: RoutingService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['routing'];

    app.put(
      '/api/v1/host/:hostid/routing_status',
      {
        config: { access: access.host(network.global("the calling host's own report"), 'hostid') },
        schema: {
          tags,
          params: hostParamsSchema,
          body: routingStatusReportSchema,
          response: { 200: envelopeSchema(z.null()) },
          description:
            'Meshdeck extra: the agent reports its routing picture (the `status` command prints it).',
        },
      },
      async (request) => {
        await store.put(request.params.hostid, request.body);
        return { Code: 200, Message: 'routing status received', Response: null };
      },
    );

    app.get(
      '/api/console/routing-status/:network',
      {
        config: { access: access.networkAdmin(network.param('network')) },
        schema: {
          tags: ['console lists'],
          params: nodesOfNetworkParamsSchema,
          response: { 200: routingStatusListSchema },
          description: "Meshdeck extra: the last routing report of each of the network's hosts.",
        },
      },
      async (request) => {
        const { network } = request.params;
        await routing.network(network);
        // A platform-user may pass RBAC for any network's reads, but sees only networks it holds a role in.
        if (!canSeeNetwork(request.principal, network)) return { items: [] };
        return { items: await store.ofNetwork(network) };
      },
    );
  };
