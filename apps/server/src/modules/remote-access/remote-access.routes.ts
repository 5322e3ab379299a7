import {
  envelopeSchema,
  ingressGwUsersSchema,
  networkParamSchema,
  networkSchema,
  returnUserSchema,
  userRagSchema,
  userRemoteGwSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { badRequest } from '../../lib/api-error.ts';
import type { RemoteAccessService } from './remote-access.service.ts';

const username = z
  .string()
  .min(1, 'username is required')
  .max(256, 'username must be at most 256 characters');
const gatewayId = (field: string) => z.uuid(`${field} must be a node id (UUID)`);
const userGatewayParams = z.object({
  username,
  remote_access_gateway_id: gatewayId('remote_access_gateway_id'),
});
const racIdQuery = z.string().max(256, 'remote_access_clientid must be at most 256 characters').optional();

/** HTTP for the user side of remote access (api-contract §2.13: user-gateway routes and the RAC's `/api/v1/rac`). */
export const remoteAccessRoutes =
  (service: RemoteAccessService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['remote access'];
    const admin = {
      config: { access: access.admin(network.global('users and their gateways (platform admins)')) },
    };

    app.post(
      '/api/users/:username/remote_access_gw/:remote_access_gateway_id',
      { ...admin, schema: { tags, params: userGatewayParams, response: { 200: returnUserSchema } } },
      (request) => service.attachUser(request.params.username, request.params.remote_access_gateway_id),
    );
    app.delete(
      '/api/users/:username/remote_access_gw/:remote_access_gateway_id',
      { ...admin, schema: { tags, params: userGatewayParams, response: { 200: returnUserSchema } } },
      (request) => service.detachUser(request.params.username, request.params.remote_access_gateway_id),
    );

    app.get(
      '/api/users/:username/remote_access_gw',
      {
        config: { access: access.selfOrAdmin({ param: 'username' }) },
        schema: {
          tags,
          params: z.object({ username }),
          querystring: z.object({
            remote_access_clientid: racIdQuery,
            device_id: z.string().max(256).optional(),
            from_mobile: z.enum(['true', 'false']).optional(),
          }),
          response: {
            200: z.union([z.array(userRemoteGwSchema), z.record(z.string(), z.array(userRemoteGwSchema))]),
          },
        },
      },
      async (request) => {
        const gateways = await service.userGateways(
          request.principal,
          request.params.username,
          request.query.remote_access_clientid || undefined,
        );
        if (request.query.from_mobile === 'true') return gateways;
        const byNetwork: Record<string, typeof gateways> = {};
        for (const gw of gateways) (byNetwork[gw.network] ??= []).push(gw);
        return byNetwork;
      },
    );

    app.get(
      '/api/users/ingress/:ingress_id',
      {
        ...admin,
        schema: {
          tags,
          params: z.object({ ingress_id: gatewayId('ingress_id') }),
          response: { 200: ingressGwUsersSchema },
        },
      },
      (request) => service.gatewayUsers(request.params.ingress_id),
    );

    // The remote-access client's routes answer only with the gateways the caller may use (the service filters).
    const anyUser = { config: { access: access.anyUser(network.global('the gateways the caller may use')) } };
    app.get(
      '/api/v1/rac/networks',
      { ...anyUser, schema: { tags, response: { 200: envelopeSchema(z.array(networkSchema)) } } },
      async (request) => ({
        Code: 200,
        Message: 'fetched networks',
        Response: await service.racNetworks(request.principal),
      }),
    );
    app.get(
      '/api/v1/rac/network/:network/access_points',
      {
        ...anyUser,
        schema: {
          tags,
          params: z.object({ network: networkParamSchema }),
          response: { 200: envelopeSchema(z.array(userRagSchema)) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched access points',
        Response: await service.racAccessPoints(request.principal, request.params.network),
      }),
    );
    app.get(
      '/api/v1/rac/access_point/:access_point_id/config',
      {
        ...anyUser,
        schema: {
          tags,
          params: z.object({ access_point_id: gatewayId('access_point_id') }),
          querystring: z.object({ remote_access_clientid: racIdQuery }),
          response: { 200: envelopeSchema(userRemoteGwSchema) },
        },
      },
      async (request) => {
        const racId = request.query.remote_access_clientid;
        if (!racId) throw badRequest('remote_access_clientid is required');
        return {
          Code: 200,
          Message: 'fetched config',
          Response: await service.racConfig(request.principal, request.params.access_point_id, racId),
        };
      },
    );
  };
