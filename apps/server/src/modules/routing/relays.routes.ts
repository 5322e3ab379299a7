import { apiNodeSchema, createRelayInputSchema, nodeParamsSchema } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import { RELAYS_NEED_PRO } from './node-edit-rules.ts';
import { removeRelay, setRelay } from './relay-rules.ts';
import type { RoutingService } from './routing.service.ts';

/**
 * HTTP for relays (api-contract §2.3 createrelay, deleterelay). Relays are Pro (console-spec §1): on community
 * createrelay answers 404 with a message saying so, as a Pro-only feature is absent there (§1.1); deleterelay
 * stays, so relays made before (or under a lapsed licence) can still be removed.
 */
export const relayRoutes =
  (routing: RoutingService, isPro: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['routing'];
    const networkAdmin = { config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) } };

    app.post(
      '/api/nodes/:network/:nodeid/createrelay',
      {
        ...networkAdmin,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: nodeParamsSchema,
          body: createRelayInputSchema,
          response: { 200: apiNodeSchema },
          description:
            'Makes the node a relay of `relayaddrs`; on a relay it replaces the relayed set in one transaction.',
        },
      },
      async (request) => {
        if (!isPro) throw notFound(RELAYS_NEED_PRO);
        const { network, nodeid } = request.params;
        // The relayed set is replaced whole: a body without it would silently un-relay every node (issue 38).
        const relayed = request.body.relayaddrs;
        if (relayed == null)
          throw badRequest(
            'relayaddrs is required: list the node ids to relay (an empty list relays none and releases the current ones)',
          );
        return routing.present(await routing.change(network, nodeid, (s) => setRelay(s, nodeid, relayed)));
      },
    );

    app.delete(
      '/api/nodes/:network/:nodeid/deleterelay',
      { ...networkAdmin, schema: { tags, params: nodeParamsSchema, response: { 200: apiNodeSchema } } },
      async (request) => {
        const { network, nodeid } = request.params;
        return routing.present(await routing.change(network, nodeid, (s) => removeRelay(s, nodeid)));
      },
    );
  };
