import { describe, expect, it } from 'vitest';
import { ThrottledLog } from './throttled-log.ts';

describe('ThrottledLog', () => {
  it('-> writes a recurring problem at once, then at most once a minute with the number held back', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new ThrottledLog(
      (m) => lines.push(m),
      () => now,
    );
    for (let second = 0; second < 130; second += 2) {
      now = second * 1000;
      log.warn('broker', 'broker down');
    }
    expect(lines).toEqual([
      'broker down',
      'broker down (29 more like this in the last 60 s)',
      'broker down (29 more like this in the last 60 s)',
    ]);
  });

  it('-> keys are independent, and after clear the next failure is written at once', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new ThrottledLog(
      (m) => lines.push(m),
      () => now,
    );
    log.warn('a', 'a1');
    log.warn('b', 'b1');
    now = 1000;
    log.warn('a', 'a2');
    expect(log.clear('a')).toBe(true);
    expect(log.clear('a')).toBe(false);
    log.warn('a', 'a3');
    expect(lines).toEqual(['a1', 'b1', 'a3']);
  });
});
