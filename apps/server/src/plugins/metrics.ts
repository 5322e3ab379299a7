import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { access, grantsOf } from '../auth/access.ts';
import type { PrometheusConfig } from '../config-prometheus.ts';
import { forbidden, unauthorized } from '../lib/api-error.ts';
import { EventLoopLag } from './event-loop-lag.ts';
import { serverCollectors, type MetricsSources } from './metrics-server.ts';

/** sha256, so comparing two tokens in constant time does not reveal the configured one's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read GET /metrics: the configured METRICS_TOKEN as a bearer, or a platform admin (a session, an admin's
 * access token, the master key: the auth plugin has already resolved them). 401 without a credential, 403 for
 * another user. Anonymous reads are never allowed.
 */
export function metricsReader(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return (request: FastifyRequest): 'ok' | 401 | 403 => {
    const [scheme, presented] = (request.headers.authorization ?? '').split(' ');
    if (expected && scheme?.toLowerCase() === 'bearer' && presented)
      if (timingSafeEqual(digest(presented), expected)) return 'ok';
    const principal = request.principal;
    if (principal.kind !== 'user') return 401;
    return grantsOf(principal)?.fullAccess === true ? 'ok' : 403;
  };
}

/**
 * GET /metrics in Prometheus text format through prom-client (decision 058): the process (CPU, memory, heap, GC,
 * event-loop lag), HTTP request durations per route, the peer-update queue, and whatever the modules registered on
 * the same registry (the mesh's nodes and pairs, metrics ingest). Its own bearer token or an admin's.
 */
export function installMetrics(
  app: FastifyInstance,
  registry: Registry,
  sources: MetricsSources,
  options: PrometheusConfig,
): EventLoopLag {
  const lag = new EventLoopLag();
  app.addHook('onClose', () => lag.stop());
  collectDefaultMetrics({ register: registry });
  // Gauges prom-client names like counters (promtool rejects them); the same counts remain, by type, without `_total`.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);
  serverCollectors(app, registry, lag, sources);
  const canRead = metricsReader(options.token);
  app.get(
    '/metrics',
    {
      // Public to the auth plugin (which would refuse the metrics token as a session): judged by canRead.
      config: { access: access.public() },
      schema: { hide: true },
      onRequest: async (request) => {
        const verdict = canRead(request);
        if (verdict === 401)
          throw unauthorized('unauthorized: the metrics token or an admin token is required');
        if (verdict === 403) throw forbidden('access denied: metrics are for admins and the metrics token');
      },
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  return lag;
}
