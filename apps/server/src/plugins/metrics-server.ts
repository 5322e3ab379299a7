import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EventLoopLag } from './event-loop-lag.ts';

/** What /metrics reports besides the process itself. */
export interface MetricsSources {
  /** Host changes waiting for a peer-update batch or in the batch being published. */
  peerQueueDepth(): number;
  peerTotals(): { batches: number; messages: number; bytes: number; failures: number; lastBatchMs: number };
  peerVersionsTracked(): number;
}

/** Request-duration buckets (seconds): a 2 ms read to a 10 s import. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** A counter whose value is read from a running total at each scrape (prom-client counters only go up). */
function totalCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(Math.max(0, read()));
    },
  });
}

function readGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * The server's own figures: event-loop lag over the last window (the benchmark's "heavy work stays off the request
 * path"), the peer-update queue, and HTTP request durations. Routes are labelled by their template (`/api/nodes/:network`),
 * never by the path a client sent, and status by class (2xx...), so the series stay a few hundred whatever the traffic.
 */
export function serverCollectors(
  app: FastifyInstance,
  registry: Registry,
  lag: EventLoopLag,
  sources: MetricsSources,
): void {
  // Three gauges, not a summary: the figures are the window's, not quantiles of observations Prometheus could sum.
  const lagGauge = (figure: 'p50' | 'p99' | 'max', help: string) =>
    readGauge(registry, `meshdeck_event_loop_lag_${figure}_seconds`, help, () => lag.window()[figure] / 1000);
  lagGauge('p50', 'Median event-loop delay over the last 10-20 s.');
  lagGauge('p99', '99th percentile of event-loop delay over the last 10-20 s.');
  lagGauge('max', 'Longest event-loop delay over the last 10-20 s.');
  const totals = () => sources.peerTotals();
  readGauge(
    registry,
    'meshdeck_peer_queue_depth',
    'Host changes waiting for a peer-update batch or in the one being sent.',
    () => sources.peerQueueDepth(),
  );
  totalCounter(registry, 'meshdeck_peer_batches_total', 'Peer-update batches sent.', () => totals().batches);
  totalCounter(
    registry,
    'meshdeck_peer_messages_total',
    'Peer-update messages published to hosts.',
    () => totals().messages,
  );
  totalCounter(
    registry,
    'meshdeck_peer_bytes_total',
    'Bytes of peer-update messages published.',
    () => totals().bytes,
  );
  totalCounter(
    registry,
    'meshdeck_peer_batch_failures_total',
    'Peer-update batches that failed.',
    () => totals().failures,
  );
  readGauge(
    registry,
    'meshdeck_peer_last_batch_seconds',
    'How long the last peer-update batch took.',
    () => totals().lastBatchMs / 1000,
  );
  readGauge(
    registry,
    'meshdeck_peer_versions_tracked',
    'Hosts whose peer-state version the server tracks.',
    () => sources.peerVersionsTracked(),
  );

  const durations = new Histogram({
    name: 'meshdeck_http_request_duration_seconds',
    help: 'HTTP request durations by method, route template and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    durations.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
  });
}
