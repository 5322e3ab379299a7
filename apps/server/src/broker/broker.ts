import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Config } from '../config.ts';
import { committed } from '../lib/after-commit.ts';
import { BrokerCredentials, SERVER_BROKER_USER } from './broker-credentials.ts';
import {
  startEmbeddedBroker,
  type AgentAuthorizer,
  type AgentVerifier,
  type PresenceListener,
} from './embedded-broker.ts';
import { HostKeyring, type HostKeyLoader } from './host-keyring.ts';
import { openPayload, sealPayload } from './payload-seal.ts';

export type { AgentAuthorizer, AgentVerifier } from './embedded-broker.ts';

export interface PublishOptions {
  qos?: 0 | 1;
}

export interface BrokerHandle {
  /** True while the server's own client connection to the broker is up. */
  isConnected(): boolean;
  /** URL agents use to reach the broker (never with the server's credentials in it). */
  publicUrl: string;
  /** Whether the broker runs inside this process. */
  isEmbedded: boolean;
  /** Per-host broker usernames and passwords (the agents' ServerConfig, the Mosquitto password file). */
  credentials: BrokerCredentials;
  /** Agents get answers from now on; called once the server can authenticate them and serve their pull. */
  open(): Promise<void>;
  /** QoS 1 unless told otherwise. For messages to no host in particular; everything for one host goes below. */
  publish(topic: string, payload: string | Buffer, options?: PublishOptions): Promise<void>;
  /**
   * Publishes a server -> host message sealed with that host's traffic key (api-contract §6.3), so no other host
   * can read it even on a shared broker. Hosts without a traffic key (`os: iot`) get plaintext as the contract
   * says; a host whose key is unusable gets nothing (logged), since its pull still works.
   */
  publishToHost(
    hostId: string,
    topic: string,
    payload: string | Buffer,
    options?: PublishOptions,
  ): Promise<void>;
  /**
   * Subscribes the server's own client to agents' messages matching `filter`; kept across reconnects. Each message
   * is handed over as it came (a host's payload is sealed: open it with openFromHost).
   */
  subscribe(filter: string, onMessage: (topic: string, payload: Buffer) => void): void;
  /** Opens a payload the host sealed with its traffic key; undefined when it was not sealed with that key. */
  openFromHost(hostId: string, payload: Buffer): Promise<string | undefined>;
  /** Where publishToHost finds traffic keys; returns the keyring, which the caller tells about host changes. */
  setHostKeyLoader(loader: HostKeyLoader): HostKeyring;
  /** Lets agents authenticate to the embedded broker. */
  setAgentVerifier(verifier: AgentVerifier): void;
  /** Restricts signed-in agents to their own topics on the embedded broker (everything is allowed until set). */
  setAgentAuthorizer(authorizer: AgentAuthorizer): void;
  /** Whether an agent of this host is connected to the embedded broker; undefined for an external broker. */
  isAgentConnected(hostId: string): boolean | undefined;
  /** Host ids with an agent session on the embedded broker; undefined for an external broker (it cannot tell). */
  connectedAgents(): ReadonlySet<string> | undefined;
  /** Told when a host's agent opens its first or closes its last session on the embedded broker. */
  setPresenceListener(listener: PresenceListener): void;
  close(): Promise<void>;
}

const FIRST_CONNECT_WAIT_MS = 5000;

/** The MQTT 5 shared-subscription group of the server replicas on one external broker. */
export const SHARED_GROUP = 'meshdeck-servers';

/** `$share/<group>/<filter>`: the broker hands each matching message to one member of the group. */
export const sharedFilter = (filter: string): string => `$share/${SHARED_GROUP}/${filter}`;

/** The URL without user name and password: MQTT_URL carries the server's own account on an external broker. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** The server's account on the broker: its own random one inside, the user and password of MQTT_URL outside. */
function serverAccount(
  url: string,
  embeddedPassword: string | undefined,
): { username?: string; password?: string } {
  if (embeddedPassword !== undefined) return { username: SERVER_BROKER_USER, password: embeddedPassword };
  const parsed = new URL(url);
  return parsed.username
    ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
    : {};
}

/**
 * Starts the embedded aedes broker (or uses MQTT_URL) and keeps the server's client connection to it. A broker
 * that is down at start does not stop the server: status reports it until the client reconnects.
 */
export async function startBroker(
  config: Config,
  brokerSecret: string,
  log: FastifyBaseLogger,
): Promise<BrokerHandle> {
  const embeddedPassword = config.mqtt.url ? undefined : randomBytes(24).toString('base64url');
  const embedded =
    embeddedPassword === undefined ? undefined : await startEmbeddedBroker(config, embeddedPassword, log);
  const url = config.mqtt.url ?? embedded?.url ?? '';
  const client = mqtt.connect(withoutCredentials(url), {
    clientId: `meshdeck-server-${randomBytes(4).toString('hex')}`,
    ...serverAccount(url, embeddedPassword),
    // MQTT 5 for shared subscriptions on an external broker; the embedded aedes broker speaks 3.1.1.
    protocolVersion: embedded ? 4 : 5,
    reconnectPeriod: 1000,
    connectTimeout: FIRST_CONNECT_WAIT_MS,
    // A refused CONNACK (e.g. Mosquitto restarted with a stale password file) must not end the reconnect loop.
    reconnectOnConnackError: true,
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT client error'));
  client.on('offline', () => log.warn({ url: withoutCredentials(url) }, 'MQTT broker connection lost'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  let keyring: HostKeyring | undefined;
  const unusableKeys = new Set<string>();
  return {
    isConnected: () => client.connected,
    publicUrl: withoutCredentials(config.mqtt.publicUrl ?? url),
    isEmbedded: embedded !== undefined,
    credentials: new BrokerCredentials(brokerSecret),
    async open() {
      await keyring
        ?.warm()
        .catch((error: unknown) => log.warn({ err: error }, 'could not preload host traffic keys'));
      embedded?.admitAgents();
    },
    async publish(topic, payload, options) {
      // Inside a unit of work (an import) a message waits for COMMIT and is never sent on ROLLBACK.
      const commit = committed();
      if (commit && !(await commit)) return;
      const qos = options?.qos ?? 1;
      // Peer updates (QoS 0) to the embedded broker skip the server's own client: thousands per batch are cheaper.
      if (embedded && qos === 0) return embedded.publishLocal(topic, payload);
      await client.publishAsync(topic, payload, { qos });
    },
    async publishToHost(hostId, topic, payload, options) {
      const commit = committed();
      if (commit && !(await commit)) return;
      if (!keyring) throw new Error('publishToHost before setHostKeyLoader');
      const key = await keyring.keyFor(hostId);
      if (key === 'none') {
        if (!unusableKeys.has(hostId))
          log.warn(
            { hostId, topic },
            'host has no usable traffic key: MQTT messages to it are not sent (it still pulls)',
          );
        unusableKeys.add(hostId);
        return;
      }
      const body = key === 'plain' ? payload : await sealPayload(key, payload);
      const qos = options?.qos ?? 1;
      // Peer updates (QoS 0) to the embedded broker skip the server's own client: thousands per batch are cheaper.
      if (embedded && qos === 0) return embedded.publishLocal(topic, body);
      await client.publishAsync(topic, body, { qos });
    },
    subscribe(filter, onMessage) {
      const pattern = new RegExp(
        `^${filter
          .replace(/[.*?^${}()|[\]\\]/g, '\\$&')
          .replace(/\+/g, '[^/]+')
          .replace(/#$/, '.*')}$`,
      );
      client.on('message', (topic, payload) => {
        if (pattern.test(topic)) onMessage(topic, payload);
      });
      // mqtt.js subscribes again after each reconnect (resubscribe is on by default). On an external broker the
      // replicas share one MQTT 5 subscription group, so each agent message reaches one of them (decision 063).
      client.subscribe(embedded ? filter : sharedFilter(filter), { qos: 0 }, (error) => {
        if (error) log.warn({ err: error, filter }, 'MQTT subscribe failed');
      });
    },
    async openFromHost(hostId, payload) {
      if (!keyring) return undefined;
      const key = await keyring.keyFor(hostId);
      if (key === 'none') return undefined;
      if (key === 'plain') return payload.toString('utf8');
      try {
        return openPayload(key, payload);
      } catch {
        return undefined;
      }
    },
    setHostKeyLoader(loader) {
      keyring = new HostKeyring(loader);
      return keyring;
    },
    setAgentVerifier(verifier) {
      embedded?.setAgentVerifier(verifier);
    },
    setAgentAuthorizer(authorizer) {
      embedded?.setAgentAuthorizer(authorizer);
    },
    isAgentConnected: (hostId) => embedded?.isAgentConnected(hostId),
    connectedAgents: () => embedded?.connectedAgents(),
    setPresenceListener(listener) {
      embedded?.setPresenceListener(listener);
    },
    async close() {
      await client.endAsync(true);
      await embedded?.close();
    },
  };
}
