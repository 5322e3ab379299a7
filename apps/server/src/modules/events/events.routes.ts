import type { ServerResponse } from 'node:http';
import { CHANGE_EVENT_NAME, EVENTS_HEARTBEAT_SECONDS } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { EventBus } from './event-bus.ts';

/**
 * GET /api/v1/events: a server-sent-events stream of change announcements, so consoles refresh only what changed
 * instead of polling everything. Authenticated with the normal bearer header (the console reads it with fetch).
 */
export const eventsRoutes =
  (bus: EventBus): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<ServerResponse>();
    // Streams never end on their own; closing the server must end them or close() would wait forever.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
    });

    app.get('/api/v1/events', { config: { access: access.anyUser() }, schema: { tags: ['events'] } }, (request, reply) => {
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      out.write(`retry: 3000\n: connected\n\n`);
      open.add(out);
      const unsubscribe = bus.subscribe((event) => {
        out.write(`event: ${CHANGE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), EVENTS_HEARTBEAT_SECONDS * 1000);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(out);
      });
    });
  };
