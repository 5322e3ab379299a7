import { serverConfigSchema, serverStatusSchema } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { ServerService } from './server.service.ts';

/** HTTP for server health, status and configuration (api-contract §2.1). */
export const serverRoutes =
  (server: ServerService, publicApiUrl: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/server/health',
      { config: { access: access.public() }, schema: { tags: ['server'], response: { 200: z.string() } } },
      async (_request, reply) => {
        reply.type('text/plain; charset=utf-8');
        return 'Server is up and running!!';
      },
    );

    app.get(
      '/api/server/status',
      {
        config: { access: access.public() },
        schema: { tags: ['server'], response: { 200: serverStatusSchema } },
      },
      () => server.status(),
    );

    app.get(
      '/api/server/getconfig',
      {
        config: { access: access.anyUser(network.global('the server configuration')) },
        schema: { tags: ['server'], response: { 200: serverConfigSchema } },
      },
      (request) => server.getConfig(publicApiUrl ?? `${request.protocol}://${request.host}`),
    );

    app.post(
      '/api/server/shutdown',
      {
        config: { access: access.superAdmin() },
        schema: { tags: ['server'], response: { 200: z.string() } },
      },
      async (_request, reply) => {
        // The process exits once the app is closed and a supervisor (systemd, Docker restart policy) starts it
        // again: that is what "restart" means here. Closing waits until the answer has reached the console.
        reply.raw.once('finish', () => setImmediate(() => void app.close()));
        reply.type('text/plain; charset=utf-8');
        return 'restarting';
      },
    );
  };
