import { apiNodeSchema, createEgressInputSchema, nodeParamsSchema } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import { addressesReachedAt } from '../../lib/api-host.ts';
import { checkEgressClaims, egressRanges, removeEgress, setEgress } from './egress-rules.ts';
import type { RouteClaims } from './route-claims.ts';
import type { RoutingService } from './routing.service.ts';

/** HTTP for egress gateways (api-contract §2.3 creategateway, deletegateway). */
export const egressRoutes =
  (routing: RoutingService, claims: RouteClaims): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['routing'];
    const networkAdmin = { config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) } };

    app.post(
      '/api/nodes/:network/:nodeid/creategateway',
      {
        ...networkAdmin,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: nodeParamsSchema,
          body: createEgressInputSchema,
          response: { 200: apiNodeSchema },
          description:
            'Makes the node an egress gateway; on an egress gateway it replaces ranges, NAT and metrics in one transaction.',
        },
      },
      async (request) => {
        const { network, nodeid } = request.params;
        const info = await routing.network(network);
        const ranges = egressRanges(request.body);
        const env = await claims.environment(addressesReachedAt(request));
        return routing.present(
          await routing.change(network, nodeid, (s) => {
            checkEgressClaims(s, nodeid, ranges, claims, env, info);
            setEgress(s, nodeid, ranges);
          }),
        );
      },
    );

    app.delete(
      '/api/nodes/:network/:nodeid/deletegateway',
      { ...networkAdmin, schema: { tags, params: nodeParamsSchema, response: { 200: apiNodeSchema } } },
      async (request) => {
        const { network, nodeid } = request.params;
        return routing.present(await routing.change(network, nodeid, (s) => removeEgress(s, nodeid)));
      },
    );
  };
