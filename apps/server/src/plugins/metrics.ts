import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { access, grantsOf } from '../auth/access.ts';
import type { PrometheusConfig } from '../config-prometheus.ts';
import { forbidden, unauthorized } from '../lib/api-error.ts';
import { serverCollectors } from './metrics-server.ts';

/** What /metrics reports besides the process itself. */
export interface MetricsSources {
  /** Host changes waiting for a peer-update batch or in the batch being published. */
  peerQueueDepth(): number;
  peerTotals(): { batches: number; messages: number; bytes: number; failures: number; lastBatchMs: number };
  peerVersionsTracked(): number;
}

/** Event-loop delay is reported over the last completed window, so a scrape shows recent stalls, not all time. */
const LAG_WINDOW_MS = 10_000;

interface LagFigures {
  p50: number;
  p99: number;
  max: number;
}

/** Samples event-loop delay (perf_hooks) in fixed windows; `window()` reports the worse of the last one and now. */
export class EventLoopLag {
  readonly #monitor = monitorEventLoopDelay({ resolution: 10 });
  #last: LagFigures = { p50: 0, p99: 0, max: 0 };
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#monitor.enable();
    this.#timer = setInterval(() => this.rotate(), LAG_WINDOW_MS).unref();
  }

  /** Starts a fresh window (the benchmark calls it between phases). */
  rotate(keepLast = true): void {
    this.#last = keepLast ? this.current() : { p50: 0, p99: 0, max: 0 };
    this.#monitor.reset();
  }

  /** Delay percentiles in milliseconds of the current window only. */
  current(): LagFigures {
    const m = this.#monitor;
    if (m.count === 0) return { p50: 0, p99: 0, max: 0 };
    return { p50: m.percentile(50) / 1e6, p99: m.percentile(99) / 1e6, max: m.max / 1e6 };
  }

  /** The worse of the previous window and the current one, per figure (milliseconds). */
  window(): LagFigures {
    const now = this.current();
    return {
      p50: Math.max(now.p50, this.#last.p50),
      p99: Math.max(now.p99, this.#last.p99),
      max: Math.max(now.max, this.#last.max),
    };
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#monitor.disable();
  }
}

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
