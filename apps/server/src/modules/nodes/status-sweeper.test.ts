import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/events.public.ts';
import type { NodeHealth } from './node-status.ts';
import { MAX_IDS_PER_EVENT, StatusSweeper, statusEvents, sweepRanges } from './status-sweeper.ts';

const thresholds = { unstableAfterMs: 90_000, offlineAfterMs: 240_000 };
const t0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('sweepRanges', () => {
  it('when a sweep follows another, returns for each threshold the check-ins whose age crossed it in between', () => {
    expect(sweepRanges(t0, t0 + 15_000, thresholds)).toEqual([
      [iso(t0 - 90_000), iso(t0 + 15_000 - 90_000)],
      [iso(t0 - 240_000), iso(t0 + 15_000 - 240_000)],
    ]);
  });

  it('when sweeps follow each other at uneven times, their ranges meet end to start (no check-in missed or counted twice)', () => {
    const times = [t0, t0 + 15_000, t0 + 15_001, t0 + 47_000, t0 + 47_000, t0 + 60_000];
    const ranges = times.slice(1).map((to, i) => sweepRanges(times[i] ?? 0, to, thresholds));
    const unstable = ranges.filter((r) => r.length > 0).map((r) => r[0]);
    for (let i = 1; i < unstable.length; i++) expect(unstable[i]?.[0]).toBe(unstable[i - 1]?.[1]);
    expect(unstable[0]?.[0]).toBe(iso(t0 - 90_000));
    expect(unstable.at(-1)?.[1]).toBe(iso(t0 + 60_000 - 90_000));
  });

  it('when the clock has not moved (or went back), returns nothing', () => {
    expect(sweepRanges(t0, t0, thresholds)).toEqual([]);
    expect(sweepRanges(t0, t0 - 1, thresholds)).toEqual([]);
  });
});

describe('statusEvents', () => {
  it('when nodes of two networks changed, returns one node-status event per network naming its ids once', () => {
    expect(
      statusEvents([
        { id: 'a', network: 'office' },
        { id: 'b', network: 'lab' },
        { id: 'c', network: 'office' },
        { id: 'a', network: 'office' },
      ]),
    ).toEqual([
      { resource: 'node-status', action: 'updated', network: 'office', ids: ['a', 'c'] },
      { resource: 'node-status', action: 'updated', network: 'lab', ids: ['b'] },
    ]);
  });

  it('when more nodes of one network changed than an event names, returns one event for the network without ids', () => {
    const many = Array.from({ length: MAX_IDS_PER_EVENT + 1 }, (_, i) => ({
      id: `n${i}`,
      network: 'office',
    }));
    expect(statusEvents(many)).toEqual([{ resource: 'node-status', action: 'updated', network: 'office' }]);
  });

  it('when nothing changed, returns no event', () => {
    expect(statusEvents([])).toEqual([]);
  });
});

describe('StatusSweeper with replicas (decision 063)', () => {
  it('when another replica owns the work, announces nothing; once it takes over, its first sweep looks back one interval plus 5 s', async () => {
    let now = t0;
    let isOwner = false;
    const asked: [string, string][] = [];
    const events = new EventBus();
    const announced: unknown[] = [];
    events.subscribe((event) => announced.push(event));
    const sweeper = new StatusSweeper({
      nodes: {
        checkedInBetween: async (from, to) => {
          asked.push([from, to]);
          return [{ id: 'n1', network: 'office' }];
        },
      },
      health: { now: () => now, thresholds, prune: () => [] } as unknown as NodeHealth,
      events,
      everyMs: 15_000,
      onError: () => undefined,
      isOwner: () => isOwner,
    });
    sweeper.start();
    now += 60_000;
    await sweeper.sweep();
    expect(asked).toEqual([]);
    expect(announced).toEqual([]);
    isOwner = true;
    now += 3_000;
    await sweeper.sweep();
    // From the last skipped sweep's look-back (t0 + 60 s - 20 s) to now, for each threshold.
    expect(asked[0]).toEqual([iso(t0 + 40_000 - 90_000), iso(now - 90_000)]);
    expect(announced).toEqual([
      { resource: 'node-status', action: 'updated', network: 'office', ids: ['n1'] },
    ]);
    sweeper.stop();
  });
});
