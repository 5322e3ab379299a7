import {
  createNetworkInputSchema,
  deleteNetworkQuerySchema,
  envelopeSchema,
  networkSchema,
  networkStatsItemSchema,
  updateNetworkInputSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import type { NetworksService } from './networks.service.ts';

const paramsSchema = z.object({ networkname: z.string().min(1) });
const tags = ['networks'];

/**
 * HTTP for networks (api-contract §2.2). Writes need a platform admin; reads are open to any user and filtered
 * by the service to the networks the caller administers.
 */
export const networksRoutes =
  (networks: NetworksService): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.get(
      '/api/networks',
      {
        config: { access: access.anyUser(network.global('the service lists the networks the caller sees')) },
        schema: { tags, response: { 200: z.array(networkSchema) } },
      },
      (request) => networks.list(request.principal),
    );

    app.get(
      '/api/networks/:networkname',
      {
        config: { access: access.anyUser(network.param('networkname')) },
        schema: { tags, params: paramsSchema, response: { 200: networkSchema } },
      },
      (request) => networks.get(request.principal, request.params.networkname),
    );

    app.get(
      '/api/v1/networks/stats',
      {
        config: { access: access.anyUser(network.global('the service counts the networks the caller sees')) },
        schema: { tags, response: { 200: envelopeSchema(z.array(networkStatsItemSchema)) } },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched networks stats',
        Response: await networks.stats(request.principal),
      }),
    );

    app.post(
      '/api/networks',
      {
        config: { access: access.admin(network.global('a new network (platform admins)')) },
        preValidation: lowerCaseBodyKeys,
        schema: { tags, body: createNetworkInputSchema, response: { 200: networkSchema } },
      },
      (request) => networks.create(request.body),
    );

    app.put(
      '/api/networks/:networkname',
      {
        config: { access: access.admin(network.param('networkname')) },
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: paramsSchema,
          body: updateNetworkInputSchema,
          response: { 200: networkSchema },
        },
      },
      (request) => networks.update(request.params.networkname, request.body),
    );

    app.delete(
      '/api/networks/:networkname',
      {
        config: { access: access.admin(network.param('networkname')) },
        schema: {
          tags,
          params: paramsSchema,
          querystring: deleteNetworkQuerySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await networks.delete(request.params.networkname, request.query.force === 'true');
        return { Code: 200, Message: 'success', Response: null };
      },
    );
    done();
  };
