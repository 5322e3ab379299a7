import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { SERVER_BROKER_USER } from './broker-credentials.ts';

/** Decides whether an agent may connect with these MQTT credentials (set by the hosts module). */
export type AgentVerifier = (username: string, password: string) => Promise<boolean>;
/** Decides whether a signed-in agent may publish to or subscribe to a topic (filter). */
export type AgentAuthorizer = (
  username: string,
  topic: string,
  action: 'publish' | 'subscribe',
) => Promise<boolean>;

export interface EmbeddedBroker {
  setAgentVerifier(verifier: AgentVerifier): void;
  setAgentAuthorizer(authorizer: AgentAuthorizer): void;
  /** URL of the listener (the server's own client connects to it). */
  url: string;
  /** From now on agents get an answer to their CONNECT (see below). */
  admitAgents(): void;
  /** Whether an agent signed in as this host is connected right now. */
  isAgentConnected(hostId: string): boolean;
  /** Host ids with an agent session now (peer updates skip the others: they pull on connect). */
  connectedAgents(): ReadonlySet<string>;
  /** Hands a QoS 0 message straight to the in-process broker (no client connection, no encoding round trip). */
  publishLocal(topic: string, payload: string | Buffer): Promise<void>;
  /** Called when a host's first broker session opens or its last one closes. */
  setPresenceListener(listener: PresenceListener): void;
  close(): Promise<void>;
}

/** Told when a host gains its first or loses its last broker session. */
export type PresenceListener = (hostId: string, isConnected: boolean) => void;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Starts the aedes broker inside the server. The port is bound at once (so a port clash stops start-up), but an
 * agent's CONNECT gets no answer until `admitAgents()`, called once the server can authenticate agents and serve
 * their pull: before, agents that connected during start-up were refused, and mqtt.js gives up on a refused
 * CONNACK (issue 19). A held agent simply waits for its CONNACK; the server's own client is never held.
 */
export async function startEmbeddedBroker(
  config: Config,
  serverPassword: string,
  log: FastifyBaseLogger,
): Promise<EmbeddedBroker> {
  let admit: () => void = () => undefined;
  const admitted = new Promise<void>((resolve) => (admit = resolve));
  let verifyAgent: AgentVerifier = () => Promise.resolve(false);
  let authorizeAgent: AgentAuthorizer = () => Promise.resolve(true);
  // Who each connection signed in as; the server's own client is never restricted.
  const agentOf = new WeakMap<object, string>();
  const sessions = new Map<string, number>();
  const connected = new Set<string>();
  let onPresence: PresenceListener = () => undefined;
  const allowed = (
    client: object | null,
    topic: string,
    action: 'publish' | 'subscribe',
  ): Promise<boolean> => {
    const agent = client ? agentOf.get(client) : undefined;
    return agent === undefined
      ? Promise.resolve(true)
      : authorizeAgent(agent, topic, action).catch(() => false);
  };
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString() ?? '';
      if (user === SERVER_BROKER_USER) {
        done(null, sameSecret(secret, serverPassword));
        return;
      }
      admitted
        .then(() => verifyAgent(user, secret))
        .then(
          (ok) => {
            if (ok) agentOf.set(client, user);
            done(null, ok);
          },
          () => done(null, false),
        );
    },
    authorizeSubscribe(client, subscription, done) {
      // A refused filter gets a failure SUBACK (null subscription) instead of a dropped connection.
      void allowed(client, subscription.topic, 'subscribe').then((ok) =>
        done(null, ok ? subscription : null),
      );
    },
    authorizePublish(client, packet, done) {
      void allowed(client, packet.topic, 'publish').then((ok) =>
        done(ok ? null : new Error('topic not allowed')),
      );
    },
  });
  aedes.on('client', (client) => {
    const agent = agentOf.get(client);
    if (agent === undefined) return;
    const count = (sessions.get(agent) ?? 0) + 1;
    sessions.set(agent, count);
    connected.add(agent);
    if (count === 1) onPresence(agent, true);
  });
  aedes.on('clientDisconnect', (client) => {
    const agent = agentOf.get(client);
    if (agent === undefined) return;
    const left = (sessions.get(agent) ?? 1) - 1;
    if (left > 0) sessions.set(agent, left);
    else {
      sessions.delete(agent);
      connected.delete(agent);
      onPresence(agent, false);
    }
  });
  aedes.on('clientError', (client, error) =>
    log.debug({ client: client.id, err: error }, 'mqtt client error'),
  );
  const server = net.createServer((socket) => aedes.handle(socket));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.mqtt.port, config.mqtt.host, () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.mqtt.port;
  log.info({ host: config.mqtt.host, port }, 'embedded MQTT broker listening');

  return {
    url: `mqtt://${config.mqtt.host}:${port}`,
    admitAgents: () => admit(),
    setAgentVerifier(verifier) {
      verifyAgent = verifier;
    },
    setAgentAuthorizer(authorizer) {
      authorizeAgent = authorizer;
    },
    isAgentConnected: (hostId) => connected.has(hostId),
    connectedAgents: () => connected,
    publishLocal: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        const packet = {
          cmd: 'publish' as const,
          topic,
          payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
          qos: 0 as const,
          retain: false,
          dup: false,
        };
        aedes.publish(packet, (error) => (error ? reject(error) : resolve()));
      }),
    setPresenceListener(listener) {
      onPresence = listener;
    },
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
