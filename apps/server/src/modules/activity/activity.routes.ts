import {
  activityEventSchema,
  activityQuerySchema,
  boundedString,
  envelopeSchema,
  LIMITS,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { ActivityService } from './activity.service.ts';

const tags = ['activity'];
const response = { 200: envelopeSchema(z.array(activityEventSchema)) };
const networkQuerySchema = activityQuerySchema.extend({
  network_id: boundedString('network_id', LIMITS.id).min(1, 'network_id is required'),
});
const userQuerySchema = activityQuerySchema.extend({
  username: boundedString('username', LIMITS.id * 4).min(1, 'username is required'),
});
const ok = <T>(payload: T) => ({ Code: 200, Message: 'fetched activity', Response: payload });

/** HTTP for the activity log (api-contract §2.17): pages of entries, newest first, as the caller may read them. */
export const activityRoutes =
  (service: ActivityService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/activity',
      {
        // Every user may ask; the service answers with the entries their role reads (their own at least).
        config: {
          access: access.anyUser(network.global('the service answers the entries the caller may read')),
        },
        schema: {
          tags,
          querystring: activityQuerySchema,
          response,
          description:
            'Entries by network, user and type, newest first, paged from 1: admins and auditors read all, network admins their networks, everyone their own.',
        },
      },
      async (request) => ok(await service.list(request.principal, request.query)),
    );
    app.get(
      '/api/v1/network/activity',
      {
        config: { access: access.anyUser(network.query('network_id')) },
        schema: { tags, querystring: networkQuerySchema, response },
      },
      async (request) => ok(await service.listNetwork(request.principal, request.query)),
    );
    app.get(
      '/api/v1/user/activity',
      {
        config: { access: access.selfOrAdmin({ query: 'username' }) },
        schema: { tags, querystring: userQuerySchema, response },
      },
      async (request) => ok(await service.list(request.principal, request.query)),
    );
  };
