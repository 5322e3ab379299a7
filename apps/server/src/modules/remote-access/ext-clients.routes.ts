import {
  apiExtClientSchema,
  apiNodeSchema,
  createExtClientParamsSchema,
  createIngressInputSchema,
  customExtClientInputSchema,
  envelopeSchema,
  extClientConfigParamsSchema,
  extClientConfigQuerySchema,
  extClientParamsSchema,
  extClientsOfNetworkParamsSchema,
  nodeParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, extClientReach, isNetworkAdmin } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { forbidden } from '../../lib/api-error.ts';
import { addressesReachedAt } from '../../lib/api-host.ts';
import type { ClientFilesService } from './client-files.service.ts';
import type { Caller, ExtClientsService } from './ext-clients.service.ts';
import type { GatewaysService } from './gateways.service.ts';

const clientListSchema = z.array(apiExtClientSchema);

/** The caller of a client route; the route's access rule already refused anyone who reaches no client. */
export function callerOf(request: FastifyRequest): Caller {
  const principal = request.principal;
  if (principal.kind !== 'user') throw forbidden('access denied: external clients belong to users');
  // The network the plugin resolved (from the client or gateway node when the path names one).
  const network = request.accessNetworks?.[0];
  const reach = extClientReach(principal, request, network);
  if (reach === 'none') throw forbidden('access denied');
  return {
    username: principal.username,
    reach,
    isNetworkAdmin: network === undefined ? false : isNetworkAdmin(principal, network),
    reachedAt: addressesReachedAt(request),
  };
}

/** HTTP for external clients and gateways (api-contract §2.3 createingress / deleteingress, §2.7). */
export const extClientsRoutes =
  (clients: ExtClientsService, files: ClientFilesService, gateways: GatewaysService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['extclients'];
    const owner = { config: { access: access.clientOwner(network.of('extclient', 'clientid', 'network')) } };

    app.get(
      '/api/extclients',
      {
        config: {
          access: access.admin(network.global("every network's clients (platform admins, auditors)")),
        },
        schema: { tags, response: { 200: clientListSchema } },
      },
      () => clients.listAll(),
    );

    app.get(
      '/api/extclients/:network',
      {
        config: { access: access.clientOwner(network.param('network')) },
        schema: { tags, params: extClientsOfNetworkParamsSchema, response: { 200: clientListSchema } },
      },
      (request) => clients.listByNetwork(request.params.network, callerOf(request)),
    );

    app.get(
      '/api/extclients/:network/:clientid',
      { ...owner, schema: { tags, params: extClientParamsSchema, response: { 200: apiExtClientSchema } } },
      (request) => clients.get(request.params.network, request.params.clientid, callerOf(request)),
    );

    app.get(
      '/api/extclients/:network/:clientid/:type',
      {
        ...owner,
        schema: {
          tags,
          params: extClientConfigParamsSchema,
          querystring: extClientConfigQuerySchema,
          description:
            '`qr`: image/png; `file`: the wg-quick config as `<clientid>.conf`; otherwise the ExtClient',
        },
      },
      async (request, reply) => {
        const { network, clientid, type } = request.params;
        const caller = callerOf(request);
        const preferredIp = request.query.preferredip || undefined;
        if (type === 'qr')
          return reply.type('image/png').send(await files.qr(network, clientid, caller, preferredIp));
        if (type === 'file') {
          const text = await files.config(network, clientid, caller, true, preferredIp);
          return reply
            .type('application/config')
            .header('content-disposition', `attachment; filename="${clientid}.conf"`)
            .send(text);
        }
        return reply
          .type('application/json')
          .send(JSON.stringify(await clients.get(network, clientid, caller)));
      },
    );

    app.post(
      '/api/extclients/:network/:nodeid',
      {
        config: { access: access.clientOwner(network.of('node', 'nodeid', 'network')) },
        schema: {
          tags,
          params: createExtClientParamsSchema,
          body: customExtClientInputSchema.nullish(),
          response: { 200: apiExtClientSchema },
        },
      },
      (request) =>
        clients.create(request.params.network, request.params.nodeid, request.body ?? {}, callerOf(request)),
    );

    app.put(
      '/api/extclients/:network/:clientid',
      {
        ...owner,
        schema: {
          tags,
          params: extClientParamsSchema,
          body: customExtClientInputSchema,
          response: { 200: apiExtClientSchema },
        },
      },
      (request) =>
        clients.update(request.params.network, request.params.clientid, request.body, callerOf(request)),
    );

    app.delete(
      '/api/extclients/:network/:clientid',
      {
        ...owner,
        schema: { tags, params: extClientParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await clients.delete(request.params.network, request.params.clientid, callerOf(request));
        return { Code: 200, Message: `${request.params.clientid} deleted.`, Response: null };
      },
    );

    const networkAdmin = { config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) } };
    app.post(
      '/api/nodes/:network/:nodeid/createingress',
      {
        ...networkAdmin,
        schema: {
          tags: ['nodes'],
          params: nodeParamsSchema,
          body: createIngressInputSchema.nullish(),
          response: { 200: apiNodeSchema },
        },
      },
      (request) => gateways.create(request.params.network, request.params.nodeid, request.body ?? {}),
    );
    app.delete(
      '/api/nodes/:network/:nodeid/deleteingress',
      {
        ...networkAdmin,
        schema: { tags: ['nodes'], params: nodeParamsSchema, response: { 200: apiNodeSchema } },
      },
      (request) => gateways.delete(request.params.network, request.params.nodeid),
    );
  };
