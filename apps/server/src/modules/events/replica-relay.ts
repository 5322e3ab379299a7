import { randomBytes } from 'node:crypto';
import { changeEventSchema, type ChangeEvent } from '@meshdeck/contracts';
import type { EventBus, ReplicaLink } from './event-bus.ts';

/** The PostgreSQL channel the relay sends and hears hints on (db/change-channel.ts, built by the composition root). */
export interface HintChannel {
  send(payload: string): Promise<number>;
  version(): Promise<number>;
  listen(listener: {
    onHint(version: number, payload: string): void;
    onListening(version: number, isReconnect: boolean): void;
    onLost(error: unknown): void;
  }): Promise<void>;
  readonly isListening: boolean;
  close(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the channel adds the hint's number in front. */
export const MAX_HINT_PAYLOAD_BYTES = 7900;
/** How long a read waits for hints it knows were sent before it drops every cache instead. */
const CATCH_UP_LIMIT_MS = 2000;
/** How long a write's answer waits for its hint (the database is down if longer; the hint is still retried). */
const ACK_LIMIT_MS = 5000;
const SEND_RETRY_MS = 500;
/** More events than this waiting at once (a burst, a database outage) go out as one "re-read everything". */
const MAX_EVENTS_PER_FLUSH = 500;

/**
 * Change events as hint payloads of at most `maxBytes` of UTF-8: `{"from":id,"events":[...]}`, in order. An event
 * too big alone loses its `ids` (which then means "re-read them all", as the contract says).
 */
export function hintPayloads(from: string, events: readonly ChangeEvent[], maxBytes: number): string[] {
  const head = `{"from":${JSON.stringify(from)},"events":[`;
  const empty = Buffer.byteLength(head) + 2;
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = empty;
  for (const event of events) {
    let text = JSON.stringify(event);
    if (Buffer.byteLength(text) + empty > maxBytes) text = JSON.stringify({ ...event, ids: undefined });
    const bytes = Buffer.byteLength(text);
    if (bytes + empty > maxBytes) return [resyncPayload(from)];
    if (parts.length > 0 && size + bytes + 1 > maxBytes) {
      payloads.push(`${head}${parts.join(',')}]}`);
      parts = [];
      size = empty;
    }
    size += bytes + (parts.length > 0 ? 1 : 0);
    parts.push(text);
  }
  if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
  return payloads;
}

const resyncPayload = (from: string) => `{"from":${JSON.stringify(from)},"resync":true}`;

/**
 * Carries change events between replicas on one PostgreSQL (decision 062). Each local change goes out as a small
 * hint (batched per turn of the event loop); each other replica's hint is announced on the local bus (its own
 * come back too and are skipped). Hints are numbered by the database (db/change-channel.ts): `caughtUp` reads the
 * latest number and waits until every hint up to it was heard, which is what makes a cached list read right after
 * another replica's acknowledged write fresh, by construction rather than by timing. A lost listening connection
 * is opened again and the bus told to re-read everything (hints may have been lost meanwhile).
 */
export class ReplicaRelay implements ReplicaLink {
  /** This process among the replicas (hints it hears back from itself are skipped). */
  readonly id = randomBytes(6).toString('base64url');
  #queue: ChangeEvent[] = [];
  #isDraining = false;
  #isClosed = false;
  /** Local events queued / sent so far (a write's answer waits for those queued before it). */
  #queued = 0;
  #sent = 0;
  #sentWaiters: { upTo: number; resolve: () => void }[] = [];
  /** Every hint up to `#heard` was heard (or sent) here; `#ahead` holds those heard past a gap. */
  #heard = 0;
  readonly #ahead = new Set<number>();
  #heardWaiters: { upTo: number; resolve: () => void }[] = [];
  /** Callers of `caughtUp` waiting for a version read that starts after they called. */
  #versionWaiters: { resolve: (version: number) => void; reject: (error: unknown) => void }[] = [];
  #isReadingVersion = false;

  private constructor(
    private readonly bus: EventBus,
    private readonly channel: HintChannel,
    private readonly log: Log,
  ) {}

  /** Listens (resolves once it does) and relays the bus's local changes from now on. */
  static async start(bus: EventBus, channel: HintChannel, log: Log): Promise<ReplicaRelay> {
    const relay = new ReplicaRelay(bus, channel, log);
    await channel.listen({
      onHint: (version, payload) => relay.#onHint(version, payload),
      onListening: (version, isReconnect) => {
        // Hints sent while the connection was down were never heard: every cache and stream starts again.
        if (isReconnect) bus.resync();
        relay.#advanceTo(version);
      },
      onLost: (error) => log.warn({ err: error }, 'change hints from other replicas lost; reconnecting'),
    });
    bus.subscribe((event) => relay.#enqueue(event));
    bus.link(relay);
    return relay;
  }

  #onHint(version: number, payload: string): void {
    try {
      const hint = JSON.parse(payload) as { from?: unknown; events?: unknown; resync?: unknown };
      if (hint.from !== this.id) {
        if (hint.resync === true) this.bus.resync();
        for (const raw of Array.isArray(hint.events) ? hint.events : []) {
          const event = changeEventSchema.safeParse(raw);
          if (event.success) this.bus.receive(event.data);
        }
      }
    } catch {
      // Not a hint of ours (another program on the channel): only its number counts.
    }
    this.#mark(version);
  }

  #mark(version: number): void {
    if (version <= this.#heard) return;
    this.#ahead.add(version);
    while (this.#ahead.delete(this.#heard + 1)) this.#heard += 1;
    this.#wake();
  }

  #advanceTo(version: number): void {
    this.#heard = Math.max(this.#heard, version);
    for (const seen of this.#ahead) if (seen <= this.#heard) this.#ahead.delete(seen);
    while (this.#ahead.delete(this.#heard + 1)) this.#heard += 1;
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#heardWaiters;
    this.#heardWaiters = waiting.filter((waiter) => waiter.upTo > this.#heard);
    for (const waiter of waiting) if (waiter.upTo <= this.#heard) waiter.resolve();
  }

  #enqueue(event: ChangeEvent): void {
    if (this.#isClosed) return;
    this.#queue.push(event);
    this.#queued += 1;
    if (!this.#isDraining) {
      this.#isDraining = true;
      void this.#drain();
    }
  }

  async #drain(): Promise<void> {
    // Events announced together (one request's, one sweep's) go out as one hint.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#queue.length > 0 && !this.#isClosed) {
      const events = this.#queue.splice(0);
      const payloads =
        events.length > MAX_EVENTS_PER_FLUSH
          ? [resyncPayload(this.id)]
          : hintPayloads(this.id, events, MAX_HINT_PAYLOAD_BYTES);
      for (const payload of payloads) await this.#sendUntilDone(payload);
      this.#sent += events.length;
      const waiting = this.#sentWaiters;
      this.#sentWaiters = waiting.filter((waiter) => waiter.upTo > this.#sent);
      for (const waiter of waiting) if (waiter.upTo <= this.#sent) waiter.resolve();
    }
    this.#isDraining = false;
  }

  async #sendUntilDone(payload: string): Promise<void> {
    while (!this.#isClosed) {
      try {
        this.#mark(await this.channel.send(payload));
        return;
      } catch (error) {
        this.log.warn({ err: error }, 'sending a change hint to other replicas failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS).unref());
      }
    }
  }

  /**
   * Undefined when every local change so far has gone out; else resolves once those queued now have (or after
   * ACK_LIMIT_MS, with the database unreachable: the hint keeps being retried). A write's answer waits for it.
   */
  sent(): Promise<void> | undefined {
    if (this.#sent >= this.#queued || this.#isClosed) return undefined;
    const upTo = this.#queued;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ACK_LIMIT_MS);
      this.#sentWaiters.push({
        upTo,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  async caughtUp(): Promise<void> {
    let version: number;
    try {
      version = await this.#freshVersion();
    } catch {
      // The database is unreachable: nothing can be committed now, and the read that follows fails as well.
      return;
    }
    if (version <= this.#heard) return;
    const isHeard = this.channel.isListening
      ? await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), CATCH_UP_LIMIT_MS);
          this.#heardWaiters.push({
            upTo: version,
            resolve: () => {
              clearTimeout(timer);
              resolve(true);
            },
          });
        })
      : false;
    if (isHeard) return;
    // Not heard in time (or not listening): whatever those hints said, every cache is dropped instead.
    this.log.warn({ version, heard: this.#heard }, 'change hints missing: dropping every cache');
    this.bus.resync({ isStreamKept: true });
    this.#advanceTo(version);
  }

  /** The latest hint number, from a read that starts after the call (concurrent callers share one). */
  #freshVersion(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#versionWaiters.push({ resolve, reject });
      this.#readVersion();
    });
  }

  #readVersion(): void {
    if (this.#isReadingVersion || this.#versionWaiters.length === 0) return;
    const waiting = this.#versionWaiters.splice(0);
    this.#isReadingVersion = true;
    this.channel
      .version()
      .then(
        (version) => waiting.forEach((waiter) => waiter.resolve(version)),
        (error: unknown) => waiting.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        this.#isReadingVersion = false;
        this.#readVersion();
      });
  }

  /** Stops relaying (the app closes); what is queued is given up. */
  async close(): Promise<void> {
    this.#isClosed = true;
    for (const waiter of this.#sentWaiters.splice(0)) waiter.resolve();
    await this.channel.close();
  }
}
