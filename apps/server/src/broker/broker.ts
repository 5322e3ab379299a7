import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Config } from '../config.ts';

/** Decides whether an agent may connect with these MQTT credentials (set by the hosts module). */
export type AgentVerifier = (username: string, password: string) => Promise<boolean>;
/** Decides whether a signed-in agent may publish to or subscribe to a topic (filter). */
export type AgentAuthorizer = (username: string, topic: string, action: 'publish' | 'subscribe') => Promise<boolean>;

export interface BrokerHandle {
  /** True while the server's own client connection to the broker is up. */
  isConnected(): boolean;
  /** URL agents use to reach the broker. */
  publicUrl: string;
  /** Whether the broker runs inside this process. */
  isEmbedded: boolean;
  /** QoS 1 unless told otherwise; peer updates use the contract's QoS 0 (agents re-pull on reconnect). */
  publish(topic: string, payload: string | Buffer, options?: { qos?: 0 | 1 }): Promise<void>;
  /** Lets agents authenticate to the embedded broker. */
  setAgentVerifier(verifier: AgentVerifier): void;
  /** Restricts signed-in agents to their own topics on the embedded broker (everything is allowed until set). */
  setAgentAuthorizer(authorizer: AgentAuthorizer): void;
  /** Host ids with an agent session on the embedded broker; undefined for an external broker (it cannot tell). */
  connectedAgents(): ReadonlySet<string> | undefined;
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
  /** Hands a QoS 0 message straight to the in-process broker (no client connection, no encoding round trip). */
  publishLocal(topic: string, payload: string | Buffer): Promise<void>;
  setAgentVerifier(verifier: AgentVerifier): void;
  setAgentAuthorizer(authorizer: AgentAuthorizer): void;
  connectedAgents(): ReadonlySet<string>;
  close(): Promise<void>;
}

async function startEmbedded(config: Config, serverPassword: string, log: FastifyBaseLogger): Promise<Embedded> {
  let verifyAgent: AgentVerifier = () => Promise.resolve(false);
  let authorizeAgent: AgentAuthorizer = () => Promise.resolve(true);
  // Who each connection signed in as; the server's own client is never restricted.
  const agentOf = new WeakMap<object, string>();
  const allowed = (client: object | null, topic: string, action: 'publish' | 'subscribe'): Promise<boolean> => {
    const agent = client ? agentOf.get(client) : undefined;
    return agent === undefined ? Promise.resolve(true) : authorizeAgent(agent, topic, action).catch(() => false);
  };
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString() ?? '';
      if (user === SERVER_CLIENT_USER) {
        done(null, sameSecret(secret, serverPassword));
        return;
      }
      verifyAgent(user, secret).then(
        (ok) => {
          if (ok) agentOf.set(client, user);
          done(null, ok);
        },
        () => done(null, false),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      // A refused filter gets a failure SUBACK (null subscription) instead of a dropped connection.
      void allowed(client, subscription.topic, 'subscribe').then((ok) => done(null, ok ? subscription : null));
    },
    authorizePublish(client, packet, done) {
      void allowed(client, packet.topic, 'publish').then((ok) => done(ok ? null : new Error('topic not allowed')));
    },
  });
  // Sessions per agent, so peer updates skip hosts nobody would receive them for (they pull on reconnect).
  const sessions = new Map<string, number>();
  const connected = new Set<string>();
  aedes.on('clientReady', (client) => {
    const agent = agentOf.get(client);
    if (agent === undefined) return;
    sessions.set(agent, (sessions.get(agent) ?? 0) + 1);
    connected.add(agent);
  });
  aedes.on('clientDisconnect', (client) => {
    const agent = agentOf.get(client);
    if (agent === undefined) return;
    const left = (sessions.get(agent) ?? 1) - 1;
    if (left > 0) sessions.set(agent, left);
    else {
      sessions.delete(agent);
      connected.delete(agent);
    }
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
    setAgentAuthorizer(authorizer) {
      authorizeAgent = authorizer;
    },
    connectedAgents: () => connected,
    publishLocal: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        const packet = { cmd: 'publish' as const, topic, payload: typeof payload === 'string' ? Buffer.from(payload) : payload, qos: 0 as const, retain: false, dup: false };
        aedes.publish(packet, (error) => (error ? reject(error) : resolve()));
      }),
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
    async publish(topic, payload, options) {
      const qos = options?.qos ?? 1;
      // Peer updates (QoS 0) to the embedded broker skip the server's own client: thousands per batch are cheaper.
      if (embedded && qos === 0) return embedded.publishLocal(topic, payload);
      await client.publishAsync(topic, payload, { qos });
    },
    setAgentVerifier(verifier) {
      embedded?.setAgentVerifier(verifier);
    },
    setAgentAuthorizer(authorizer) {
      embedded?.setAgentAuthorizer(authorizer);
    },
    connectedAgents: () => embedded?.connectedAgents(),
    async close() {
      await client.endAsync(true);
      await embedded?.close();
    },
  };
}
