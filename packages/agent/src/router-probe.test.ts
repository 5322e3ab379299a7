import { describe, expect, it } from 'vitest';
import {
  LATE_TICK_MS,
  LONG_SILENT_MS,
  PROBE_INTERVAL_MS,
  SILENT_AFTER,
  SILENT_MS,
  afterTick,
} from './router-probe.ts';

/** Ticks at the given times with every probe unanswered since `lastAnswerAt`; the first tick at which it is silent. */
function silentAt(times: number[], lastAnswerAt = 0): number | undefined {
  let target = { missed: 0, lastAnswerAt };
  let previousTickAt = lastAnswerAt;
  for (const now of times) {
    const { missed, isSilent } = afterTick(target, { now, previousTickAt, unanswered: true });
    target = { ...target, missed };
    previousTickAt = now;
    if (isSilent) return now;
  }
  return undefined;
}
const everySecond = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + (i + 1) * PROBE_INTERVAL_MS);

describe('afterTick (gateway silence, decision 057)', () => {
  it('when three one-second probes go unanswered, the gateway is not silent yet (issue 41: that switched away from healthy routers)', () => {
    expect(silentAt(everySecond(0, 3))).toBeUndefined();
  });

  it('when a gateway stops answering, it is silent once enough on-time probes missed and the silence lasted long enough', () => {
    const at = silentAt(everySecond(0, 20));
    expect(at).toBe(Math.max(SILENT_AFTER * PROBE_INTERVAL_MS, SILENT_MS));
  });

  it('when the agent itself is held up (its ticks come seconds late), late ticks count no miss until the long silence', () => {
    // A loaded machine: ticks every 2.5 s, none on time, so no miss is counted; only a long silence counts.
    const late = Array.from({ length: 20 }, (_, i) => (i + 1) * 2_500);
    expect(2_500).toBeGreaterThan(LATE_TICK_MS);
    expect(silentAt(late)).toBe(LONG_SILENT_MS);
  });

  it('when an answer arrives, misses start again from zero', () => {
    expect(
      afterTick(
        { missed: SILENT_AFTER - 1, lastAnswerAt: 0 },
        { now: 9_000, previousTickAt: 8_000, unanswered: false },
      ),
    ).toEqual({ missed: 0, isSilent: false });
  });
});
