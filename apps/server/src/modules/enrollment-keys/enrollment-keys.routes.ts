import {
  enrollmentKeyInputSchema,
  enrollmentKeyParamsSchema,
  enrollmentKeySchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { ApiHostResolver } from '../../lib/api-host.ts';
import type { EnrollmentKeysService } from './enrollment-keys.service.ts';

/** HTTP for enrollment keys (api-contract §2.6); every route is admin-only. */
export const enrollmentKeysRoutes =
  (keys: EnrollmentKeysService, apiHost: ApiHostResolver): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['enrollment-keys'];
    // A key may join hosts to several networks: keys are platform-wide, managed by platform admins.
    const KEYS = network.global('enrollment keys span networks (platform admins)');
    // Keys carry their join tokens: no-store keeps them out of browser and proxy caches.
    const keyAccess = { access: access.admin(KEYS), noStore: true };

    app.get(
      '/api/v1/enrollment-keys',
      { config: keyAccess, schema: { tags, response: { 200: z.array(enrollmentKeySchema) } } },
      (request) => keys.list(apiHost(request)),
    );

    app.post(
      '/api/v1/enrollment-keys',
      {
        config: keyAccess,
        schema: { tags, body: enrollmentKeyInputSchema, response: { 200: enrollmentKeySchema } },
      },
      (request) => keys.create(request.body, apiHost(request)),
    );

    app.put(
      '/api/v1/enrollment-keys/:keyID',
      {
        config: keyAccess,
        schema: {
          tags,
          params: enrollmentKeyParamsSchema,
          body: enrollmentKeyInputSchema,
          response: { 200: enrollmentKeySchema },
        },
      },
      (request) => keys.update(request.params.keyID, request.body, apiHost(request)),
    );

    app.delete(
      '/api/v1/enrollment-keys/:keyID',
      { config: { access: access.admin(KEYS) }, schema: { tags, params: enrollmentKeyParamsSchema } },
      async (request, reply) => {
        await keys.delete(request.params.keyID);
        return reply.status(200).send();
      },
    );
  };
