import type { ChangeEvent } from '@meshdeck/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/replica-lab.ts';
import { CHANGE_CHANNEL, ChangeChannel } from '../../db/change-channel.ts';
import { EventBus } from './event-bus.ts';
import { ReplicaRelay, type HintChannel } from './replica-relay.ts';

// Two relays in this process on one real PostgreSQL database (DATABASE_URL: these run in the PostgreSQL pass). One
// hears hints through a channel that can hold them back, which is how a read is made to race a hint on purpose.

let server: TestServer;
const opened: ReplicaRelay[] = [];

/** The real channel, with hints held back while `isHolding` (a slow listening connection). */
function holdingChannel() {
  const real = new ChangeChannel(server.app.meshdeck.database.db, server.app.meshdeck.config.databaseUrl!);
  const held: (() => void)[] = [];
  let versionReads = 0;
  const channel: HintChannel & { isHolding: boolean; held: typeof held; versionReads: () => number } = {
    isHolding: false,
    held,
    versionReads: () => versionReads,
    send: (payload) => real.send(payload),
    version: async () => {
      const version = await real.version();
      versionReads += 1;
      return version;
    },
    get isListening() {
      return real.isListening;
    },
    listen: (listener) =>
      real.listen({
        ...listener,
        onHint: (version, payload) => {
          const deliver = () => listener.onHint(version, payload);
          if (channel.isHolding) held.push(deliver);
          else deliver();
        },
      }),
    close: () => real.close(),
  };
  return channel;
}

async function relayOn(channel: HintChannel) {
  const bus = new EventBus();
  const heard: ChangeEvent[] = [];
  bus.subscribe((event) => heard.push(event), { everyReplica: true });
  let resyncs = 0;
  bus.onResync(() => (resyncs += 1));
  const relay = await ReplicaRelay.start(bus, channel, { warn: () => undefined });
  opened.push(relay);
  return { bus, relay, heard, resyncs: () => resyncs };
}

const network = (id: string): ChangeEvent => ({ resource: 'networks', action: 'created', id });

describe('change hints between replicas on one PostgreSQL (decision 062)', () => {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((relay) => relay.close()));
    await server.close();
  });

  it('-> when a hint is on its way, caughtUp waits for it: the change is announced before the read goes on', async () => {
    const writer = await relayOn(holdingChannel());
    const slow = holdingChannel();
    const reader = await relayOn(slow);
    slow.isHolding = true;
    writer.bus.publish(network('held'));
    await writer.relay.sent();
    await waitUntil('the hint to reach the slow listener', () => slow.held.length > 0, 15_000);
    const order: string[] = [];
    reader.bus.subscribe((event) => order.push(`heard ${event.id}`), { everyReplica: true });
    const reads = slow.versionReads();
    const caughtUp = reader.relay.caughtUp().then(() => order.push('caught up'));
    await waitUntil('the version read', () => slow.versionReads() > reads, 15_000);
    slow.isHolding = false;
    for (const deliver of slow.held.splice(0)) deliver();
    await caughtUp;
    expect(order).toEqual(['heard held', 'caught up']);
  });

  it('-> when a replica hears its own hint back, it is announced once; the other replica hears it once', async () => {
    const first = await relayOn(holdingChannel());
    const second = await relayOn(holdingChannel());
    first.bus.publish(network('mine'));
    await waitUntil('the other replica to hear it', () => second.heard.some((e) => e.id === 'mine'), 15_000);
    // Hints arrive in order: once the first replica hears the second's reply, its own echo has come and gone.
    second.bus.publish(network('reply'));
    await waitUntil('the reply', () => first.heard.some((e) => e.id === 'reply'), 15_000);
    expect(first.heard.filter((e) => e.id === 'mine')).toHaveLength(1);
    expect(second.heard.filter((e) => e.id === 'mine')).toHaveLength(1);
  });

  it('-> when the listening connection is cut, it comes back, streams are told to re-read, and hints flow again', async () => {
    const writer = await relayOn(holdingChannel());
    const reader = await relayOn(holdingChannel());
    const admin = new pg.Client({ connectionString: server.app.meshdeck.config.databaseUrl });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [CHANGE_CHANNEL],
    );
    await admin.end();
    await waitUntil('the reader to resync', () => reader.resyncs() > 0, 20_000);
    await waitUntil('the writer to resync', () => writer.resyncs() > 0, 20_000);
    // Every cache heard "re-read everything": one event per resource, with no id.
    expect(reader.heard.some((e) => e.resource === 'nodes' && e.id === undefined)).toBe(true);
    writer.bus.publish(network('after'));
    await waitUntil('a hint after the cut', () => reader.heard.some((e) => e.id === 'after'), 15_000);
  });
});
