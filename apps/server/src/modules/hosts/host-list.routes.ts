import {
  apiHostSchema,
  hostListItemSchema,
  hostListQuerySchema,
  hostParamsSchema,
  listPageSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { HostListService } from './host-list.service.ts';

/**
 * Meshdeck's host list for the console (its Devices page) (issue 18): lean rows with search, status, sort and paging, and one
 * host in full for the dialogs a row opens. `GET /api/hosts` stays the full wire form for compatible clients.
 */
export const hostListRoutes =
  (hosts: HostListService, lists: ReadCache): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['console lists'];
    const admin = { config: { access: access.admin() } };
    app.get(
      '/api/console/hosts',
      {
        ...admin,
        schema: {
          tags,
          summary:
            'Every host as a lean row with its nodes, filtered, sorted and paged (no limit = every match)',
          querystring: hostListQuerySchema,
          response: { 200: listPageSchema(hostListItemSchema) },
        },
      },
      async (request, reply) => {
        // The console's whole-list read is the same for every admin: built once per data version and shared.
        if (Object.keys(request.query).length === 0) {
          await lists.send(
            request,
            reply,
            'console/hosts',
            async () => JSON.stringify(await hosts.list({})),
            'fast',
          );
          return reply;
        }
        return hosts.list(request.query);
      },
    );
    app.get(
      '/api/console/hosts/:hostid',
      {
        ...admin,
        schema: {
          tags,
          summary: 'One host in full (ApiHost)',
          params: hostParamsSchema,
          response: { 200: apiHostSchema },
        },
      },
      (request) => hosts.find(request.params.hostid),
    );
  };
