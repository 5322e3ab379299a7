import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Config } from '../config.ts';

/** Decides whether an agent may connect with these MQTT credentials (set by the hosts module). */
export type AgentVerifier = (username: string, password: string) => Promise<boolean>;

export interface BrokerHandle {
  /** True while the server's own client connection to the broker is up. */
  isConnected(): boolean;
  /** URL agents use to reach the broker. */
  publicUrl: string;
  /** Whether the broker runs inside this process. */
  isEmbedded: boolean;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  /** Lets agents authenticate to the embedded broker. */
  setAgentVerifier(verifier: AgentVerifier): void;
  close(): Promise<void>;
}

const SERVER_CLIENT_USER = 'meshdeck-server';
const FIRST_CONNECT_WAIT_MS = 5000;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

interface Embedded {
  url: string;
  setAgentVerifier(verifier: AgentVerifier): void;
  close(): Promise<void>;
}

async function startEmbedded(config: Config, serverPassword: string, log: FastifyBaseLogger): Promise<Embedded> {
  let verifyAgent: AgentVerifier = () => Promise.resolve(false);
  const aedes = await Aedes.createBroker({
    authenticate(_client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString() ?? '';
      if (user === SERVER_CLIENT_USER) {
        done(null, sameSecret(secret, serverPassword));
        return;
      }
      verifyAgent(user, secret).then(
        (ok) => done(null, ok),
        () => done(null, false),
      );
    },
  });
  aedes.on('clientError', (client, error) => log.debug({ client: client.id, err: error }, 'mqtt client error'));
  const server = net.createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.mqtt.port, config.mqtt.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.mqtt.port;
  log.info({ host: config.mqtt.host, port }, 'embedded MQTT broker listening');
  return {
    url: `mqtt://${config.mqtt.host}:${port}`,
    setAgentVerifier(verifier) {
      verifyAgent = verifier;
    },
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Starts the embedded aedes broker (or uses MQTT_URL) and keeps the server's client connection to it. A broker
 * that is down at start does not stop the server: status reports it until the client reconnects.
 */
export async function startBroker(config: Config, log: FastifyBaseLogger): Promise<BrokerHandle> {
  const serverPassword = randomBytes(24).toString('base64url');
  const embedded = config.mqtt.url ? undefined : await startEmbedded(config, serverPassword, log);
  const url = config.mqtt.url ?? embedded?.url ?? '';
  const client = mqtt.connect(url, {
    clientId: `meshdeck-server-${randomBytes(4).toString('hex')}`,
    ...(embedded ? { username: SERVER_CLIENT_USER, password: serverPassword } : {}),
    reconnectPeriod: 1000,
    connectTimeout: FIRST_CONNECT_WAIT_MS,
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT client error'));
  client.on('offline', () => log.warn({ url }, 'MQTT broker connection lost'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    isConnected: () => client.connected,
    publicUrl: config.mqtt.publicUrl ?? url,
    isEmbedded: embedded !== undefined,
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    setAgentVerifier(verifier) {
      embedded?.setAgentVerifier(verifier);
    },
    async close() {
      await client.endAsync(true);
      await embedded?.close();
    },
  };
}
