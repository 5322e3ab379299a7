import type { ServerResponse } from 'node:http';
import { CHANGE_EVENT_NAME, EVENTS_HEARTBEAT_SECONDS } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { canSeeEvent, isAboutSelf, whenExpired } from './event-access.ts';
import type { EventBus } from './event-bus.ts';

/**
 * GET /api/v1/events: a server-sent-events stream of change announcements, so consoles refresh only what changed
 * instead of polling everything. Authenticated with the normal bearer header (the console reads it with fetch);
 * each caller hears only about what they may read, and the stream ends when their token expires (the console's
 * reconnect then gets a 401 and signs out).
 */
export const eventsRoutes =
  (bus: EventBus): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<ServerResponse>();
    // Streams never end on their own; closing the server must end them or close() would wait forever.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
    });

    app.get(
      '/api/v1/events',
      {
        config: {
          access: access.anyUser(network.global('the stream sends each caller the networks it sees')),
        },
        schema: { tags: ['events'] },
      },
      (request, reply) => {
        const principal = request.principal;
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
        // Every replica's changes (decision 062): a console hears a change whichever replica made it.
        const unsubscribe = bus.subscribe(
          (event) => {
            if (out.writableEnded || !canSeeEvent(principal, event)) return;
            out.write(`event: ${CHANGE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
            // The stream decides what to send by the caller's role when it opened: after a change of the caller's
            // own user it ends, and the console's reconnect opens one under the new role (decision 032).
            if (isAboutSelf(principal, event)) out.end();
          },
          { everyReplica: true },
        );
        // Changes may have been missed (the link to the other replicas was lost): the console's reconnect re-reads
        // every list.
        const unsubscribeResync = bus.onResync(() => out.end());
        const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), EVENTS_HEARTBEAT_SECONDS * 1000);
        const expiresAt = principal.kind === 'user' ? principal.expiresAt : undefined;
        const cancelExpiry =
          expiresAt === undefined ? () => undefined : whenExpired(expiresAt, () => out.end());
        // The client leaving closes the request; the server ending the stream (expiry, shutdown) closes the response.
        const release = () => {
          cancelExpiry();
          clearInterval(heartbeat);
          unsubscribe();
          unsubscribeResync();
          open.delete(out);
        };
        request.raw.on('close', release);
        out.on('close', release);
      },
    );
  };
