import type { ChangeEvent } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { hintPayloads, MAX_HINT_PAYLOAD_BYTES } from './replica-relay.ts';

const node = (index: number): ChangeEvent => ({
  resource: 'nodes',
  action: 'updated',
  id: `node-${index}-${'x'.repeat(40)}`,
  network: 'office',
});
const eventsOf = (payloads: string[]) =>
  payloads.flatMap((payload) => (JSON.parse(payload) as { events: ChangeEvent[] }).events);

describe('hintPayloads', () => {
  it('-> when the events fit, sends them in one payload naming the replica', () => {
    const payloads = hintPayloads('r1', [node(1), node(2)], MAX_HINT_PAYLOAD_BYTES);
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0]!)).toEqual({ from: 'r1', events: [node(1), node(2)] });
  });

  it("-> when they do not, splits them under PostgreSQL's payload limit, in order, losing none", () => {
    const events = Array.from({ length: 500 }, (_, index) => node(index));
    const payloads = hintPayloads('r1', events, MAX_HINT_PAYLOAD_BYTES);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads)
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_HINT_PAYLOAD_BYTES);
    expect(eventsOf(payloads)).toEqual(events);
  });

  it('-> when one event is too big alone, sends it without its ids (re-read them all)', () => {
    const sweep: ChangeEvent = {
      resource: 'node-status',
      action: 'updated',
      network: 'office',
      ids: Array.from({ length: 400 }, (_, index) => `node-${index}-${'y'.repeat(30)}`),
    };
    const payloads = hintPayloads('r1', [node(1), sweep], MAX_HINT_PAYLOAD_BYTES);
    expect(eventsOf(payloads)).toEqual([
      node(1),
      { resource: 'node-status', action: 'updated', network: 'office' },
    ]);
  });
});
