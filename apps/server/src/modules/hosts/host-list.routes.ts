import {
  apiHostSchema,
  hostListItemSchema,
  hostListQuerySchema,
  hostParamsSchema,
  listPageSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { listJson, type ReadCache } from '../../lib/read-cache.ts';
import { hostPage, type HostListService } from './host-list.service.ts';

/**
 * Meshdeck's host list for the console (its Devices page) (issue 18): lean rows with search, status, sort and paging, and one
 * host in full for the dialogs a row opens. `GET /api/hosts` stays the full wire form for compatible clients.
 */
export const hostListRoutes =
  (hosts: HostListService, lists: ReadCache): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['console lists'];
    const admin = {
      config: { access: access.admin(network.global('every host (platform admins, auditors)')) },
    };
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
        const { query } = request;
        // Some ids' rows (a live patch) are read now; every other answer is cut from the list of every host, read
        // once per data version and shared by every admin (issue 18).
        if (query.ids !== undefined) return hosts.list(query);
        const rows = () => lists.value('console/hosts', () => hosts.items());
        // The console's whole-list read, serialised once per data version too.
        if (Object.keys(query).length === 0) {
          await lists.send(
            request,
            reply,
            'console/hosts',
            async () => listJson(hostPage(await rows(), {})),
            'fast',
          );
          return reply;
        }
        return hostPage(await rows(), query);
      },
    );
    app.get(
      '/api/console/hosts/:hostid',
      {
        config: { access: access.hostReader('hostid') },
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
