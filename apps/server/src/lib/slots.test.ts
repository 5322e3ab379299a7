import { describe, expect, it } from 'vitest';
import { Slots } from './slots.ts';

describe('Slots', () => {
  it('when more tasks than slots arrive, runs at most that many at once and every task in order', async () => {
    const slots = new Slots(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        slots
          .run(async () => {
            started.push(i);
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setImmediate(resolve));
            running -= 1;
            if (i === 4) throw new Error('task 4 failed');
            return i;
          })
          .catch((error: unknown) => (error instanceof Error ? error.message : 'error')),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results[4]).toBe('task 4 failed');
    expect(results[9]).toBe(9);
  });
});
