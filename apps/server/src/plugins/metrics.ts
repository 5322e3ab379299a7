import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { access } from '../auth/access.ts';
import { network } from '../auth/network-locator.ts';

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

/**
 * GET /metrics in Prometheus text format (admin or master key): event-loop lag, peer-update queue depth and
 * totals, memory and CPU, so "heavy work stays off the request path" is measured, not assumed.
 */
export function installMetrics(app: FastifyInstance, sources: MetricsSources): EventLoopLag {
  const lag = new EventLoopLag();
  app.addHook('onClose', () => lag.stop());
  app.get(
    '/metrics',
    { config: { access: access.admin(network.global('server metrics')) }, schema: { hide: true } },
    (_request, reply) => {
      const { p50, p99, max } = lag.window();
      const totals = sources.peerTotals();
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const lines = [
        '# HELP meshdeck_event_loop_lag_seconds Event-loop delay over the last 10-20 s.',
        '# TYPE meshdeck_event_loop_lag_seconds summary',
        `meshdeck_event_loop_lag_seconds{quantile="0.5"} ${p50 / 1000}`,
        `meshdeck_event_loop_lag_seconds{quantile="0.99"} ${p99 / 1000}`,
        `meshdeck_event_loop_lag_seconds{quantile="1"} ${max / 1000}`,
        '# TYPE meshdeck_peer_queue_depth gauge',
        `meshdeck_peer_queue_depth ${sources.peerQueueDepth()}`,
        '# TYPE meshdeck_peer_batches_total counter',
        `meshdeck_peer_batches_total ${totals.batches}`,
        '# TYPE meshdeck_peer_messages_total counter',
        `meshdeck_peer_messages_total ${totals.messages}`,
        '# TYPE meshdeck_peer_bytes_total counter',
        `meshdeck_peer_bytes_total ${totals.bytes}`,
        '# TYPE meshdeck_peer_batch_failures_total counter',
        `meshdeck_peer_batch_failures_total ${totals.failures}`,
        '# TYPE meshdeck_peer_last_batch_seconds gauge',
        `meshdeck_peer_last_batch_seconds ${totals.lastBatchMs / 1000}`,
        '# TYPE meshdeck_peer_versions_tracked gauge',
        `meshdeck_peer_versions_tracked ${sources.peerVersionsTracked()}`,
        '# TYPE process_resident_memory_bytes gauge',
        `process_resident_memory_bytes ${memory.rss}`,
        '# TYPE nodejs_heap_used_bytes gauge',
        `nodejs_heap_used_bytes ${memory.heapUsed}`,
        '# TYPE process_cpu_seconds_total counter',
        `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
      ];
      return reply.type('text/plain; version=0.0.4').send(`${lines.join('\n')}\n`);
    },
  );
  return lag;
}
