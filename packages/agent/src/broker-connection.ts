import mqtt, { type MqttClient } from 'mqtt';
import { RECONNECT_BACKOFF, backoffDelay, type BackoffPolicy } from './backoff.ts';
import type { ThrottledLog } from './throttled-log.ts';

export interface BrokerConnectionOptions {
  url: string;
  username: string;
  password: string;
  /** Topics to subscribe to on every connection. */
  topics: string[];
  onMessage: (topic: string, payload: Buffer) => void;
  /** Subscribed on a fresh connection: messages sent meanwhile were lost (not retained), so the agent pulls. */
  onReady: () => void;
  log: ThrottledLog;
  backoff?: BackoffPolicy;
}

/** How long one attempt may wait for the broker's CONNACK before it counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;
const LOG_KEY = 'broker';

/**
 * The agent's broker session. mqtt.js's own reconnect loop stops for good on a refused CONNACK ("Not
 * authorized" from a broker that is still starting, or whose password file is not regenerated yet), so this
 * class reconnects itself: one client per attempt, capped exponential backoff with jitter, forever, whatever
 * ended the previous attempt (refused, reset, timeout). Failures are logged at most once a minute.
 */
export class BrokerConnection {
  #client: MqttClient | undefined;
  #timer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #stopped = false;
  #connected = false;

  constructor(private readonly options: BrokerConnectionOptions) {}

  /** Starts connecting (returns at once; the first attempt is immediate). */
  start(): void {
    this.#stopped = false;
    this.connect();
  }

  /** True while subscribed on a live connection. */
  get isConnected(): boolean {
    return this.#connected;
  }

  /**
   * Publishes at QoS 0 on the live connection; false when there is none (the caller's next interval sends fresh
   * figures anyway, so nothing is queued).
   */
  async publish(topic: string, payload: Buffer): Promise<boolean> {
    const client = this.#client;
    if (!this.#connected || !client) return false;
    await client.publishAsync(topic, payload, { qos: 0 });
    return true;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#client?.endAsync(true);
  }

  private connect(): void {
    const { url, username, password, log } = this.options;
    const client = mqtt.connect(url, {
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      keepalive: 30,
    });
    this.#client = client;
    let failure = 'connection closed';
    let retried = false;
    const retry = () => {
      if (retried || this.#stopped) return;
      retried = true;
      const wasConnected = this.#connected;
      this.#connected = false;
      client.removeAllListeners('message');
      client.end(true);
      const delay = backoffDelay(this.#attempt++, this.options.backoff ?? RECONNECT_BACKOFF);
      const what = wasConnected ? 'connection lost' : 'cannot connect';
      log.warn(
        LOG_KEY,
        `broker ${url}: ${what} (${failure}); retrying with backoff (next in ${(delay / 1000).toFixed(1)} s, at most ${(this.options.backoff ?? RECONNECT_BACKOFF).capMs / 1000} s apart)`,
      );
      this.#timer = setTimeout(() => this.connect(), delay);
    };
    client.on('error', (error) => {
      failure = error.message;
    });
    client.on('close', retry);
    client.on('connect', () => {
      void this.subscribe(client).then(
        () => {
          if (log.clear(LOG_KEY) || this.#attempt > 0) log.info(`broker ${url}: connected`);
          this.#attempt = 0;
          this.#connected = true;
          this.options.onReady();
        },
        (error: unknown) => {
          failure = `subscribe failed: ${error instanceof Error ? error.message : String(error)}`;
          retry();
        },
      );
    });
    client.on('message', (topic, payload) => this.options.onMessage(topic, payload));
  }

  private async subscribe(client: MqttClient): Promise<void> {
    const granted = await client.subscribeAsync(this.options.topics);
    // A failure SUBACK (128) means the broker's rules do not let this host read its own topics (stale ACL file).
    const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
    if (refused.length > 0) throw new Error(`the broker refused ${refused.join(', ')}`);
  }
}
