import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { startBroker, type BrokerHandle } from './broker/broker.ts';
import { BROKER_SECRET_KEY } from './broker/broker-credentials.ts';
import type { PrometheusConfig } from './config-prometheus.ts';
import type { Config } from './config.ts';
import { ChangeChannel } from './db/change-channel.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { sharedRateLimitStore } from './db/rate-limit-store.ts';
import { MAX_BODY_BYTES } from './lib/request-guards.ts';
import { EventBus, ReplicaRelay } from './modules/events/events.public.ts';
import type { PeerEngine, PeerUpdateQueue, PeerVersions } from './modules/peers/peers.public.ts';
import { serverSettings, type ServerSettings } from './modules/server/server.public.ts';
import type { PluginInfrastructure } from './plugins/install.ts';
import { loggerOptions } from './plugins/logging.ts';
import type { EventLoopLag } from './plugins/event-loop-lag.ts';
import { installMetrics } from './plugins/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database and broker this app owns; tests use them to simulate outages. */
    meshdeck: {
      database: DatabaseHandle;
      broker: BrokerHandle;
      config: Config;
      events: EventBus;
      /** Per-host peer-state versions (tests read them to forge a gap). */
      peerVersions: PeerVersions;
      peerQueue: PeerUpdateQueue;
      /** Event-loop delay sampler behind /metrics (the benchmark starts fresh windows). */
      lag: EventLoopLag;
    };
  }
}

/** Trusts the nearest `hops` proxies, as Fastify does for a number (its types only accept a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The Fastify instance with the zod type provider; `logStream` replaces stdout (tests check redaction). */
export function createFastify(config: Config, logStream?: NodeJS.WritableStream): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // X-Forwarded-For is believed only from configured proxies: rate limits key on request.ip (TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // Join tokens (base64 JSON, api-contract §2.5) travel as a path parameter and exceed the default 100 chars.
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** What the app owns outside itself: the database (with its settings table) and the MQTT broker. */
export interface Infrastructure {
  database: DatabaseHandle;
  settings: ServerSettings;
  broker: BrokerHandle;
  /** The change bus; on PostgreSQL linked to the other replicas' (decision 062). */
  events: EventBus;
  /** What the plugins use of it: on PostgreSQL, the rate limits' store in the database, shared by replicas (062). */
  plugins: PluginInfrastructure;
  /** GET /metrics's series (one registry per app, so tests' apps never share one; modules add theirs) and settings. */
  prometheus: { registry: Registry; config: PrometheusConfig };
}

/**
 * On PostgreSQL, links the bus to the other replicas' (decision 062): changes travel as LISTEN/NOTIFY hints, and a
 * write is answered only once its hint is committed, so a read on any replica after the answer sees the change.
 */
async function linkReplicas(app: FastifyInstance, database: DatabaseHandle, url: string): Promise<EventBus> {
  const events = new EventBus();
  const relay = await ReplicaRelay.start(events, new ChangeChannel(database.db, url), app.log);
  app.addHook('onSend', async (_request, _reply, payload) => {
    const sent = relay.sent();
    if (sent) await sent;
    return payload;
  });
  app.addHook('onClose', () => relay.close());
  return events;
}

/** Opens the database and the broker; closing the app closes both. Agents are answered once the app listens. */
export async function openInfrastructure(app: FastifyInstance, config: Config): Promise<Infrastructure> {
  const { databaseUrl, dataDir, databasePoolSize: poolSize } = config;
  // With an external broker, other replicas may share the database: their single-runner work is leased (063).
  const isShared = config.mqtt.url !== undefined;
  const onWorkError = (error: unknown, what: string) => app.log.warn({ err: error }, what);
  const database = await openDatabase({ dataDir, databaseUrl, poolSize, isShared, onWorkError });
  const settings = serverSettings(database.db);
  let broker: BrokerHandle;
  try {
    const brokerSecret = await settings.getOrCreate(BROKER_SECRET_KEY, randomBytes(32).toString('base64url'));
    broker = await startBroker(config, brokerSecret, app.log);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  let events: EventBus;
  try {
    events = databaseUrl ? await linkReplicas(app, database, databaseUrl) : new EventBus();
  } catch (error) {
    await broker.close();
    await database.destroy();
    throw error;
  }
  // Which database and broker this server uses; URLs may carry credentials, which the logger redacts.
  app.log.info({ engine: database.engine, url: databaseUrl }, 'database opened');
  app.log.info(
    { url: config.mqtt.url ?? broker.publicUrl, embedded: broker.isEmbedded },
    'using MQTT broker',
  );
  app.addHook('onClose', async () => {
    await broker.close();
    await database.destroy();
  });
  // Agents are answered on the broker only once they can also pull over HTTP (issue 19).
  app.addHook('onListen', () => broker.open());
  const prometheus = { registry: new Registry(), config: config.prometheus };
  const rateLimitStore = databaseUrl ? sharedRateLimitStore(app, database) : undefined;
  return { database, settings, broker, events, prometheus, plugins: { rateLimitStore } };
}

/** What the app shows of its insides: GET /metrics (event-loop lag, the peer queue) and the `meshdeck` decoration. */
export function exposeInternals(
  app: FastifyInstance,
  parts: Omit<Infrastructure, 'settings' | 'plugins'> & { config: Config; peers: PeerEngine },
): void {
  const { database, broker, config, events, prometheus } = parts;
  const { queue: peerQueue, builder } = parts.peers;
  const sources = {
    peerQueueDepth: () => peerQueue.depth,
    peerTotals: () => peerQueue.totals,
    peerVersionsTracked: () => builder.versions.size,
  };
  const lag = installMetrics(app, prometheus.registry, sources, prometheus.config);
  app.decorate('meshdeck', {
    database,
    broker,
    config,
    events,
    peerVersions: builder.versions,
    peerQueue,
    lag,
  });
}
