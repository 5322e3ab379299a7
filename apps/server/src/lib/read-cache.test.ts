import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache, listJson } from './read-cache.ts';

describe('ReadCache.value', () => {
  it('-> concurrent readers share one build until a change invalidates it', async () => {
    const cache = new ReadCache();
    let builds = 0;
    const build = () => Promise.resolve(++builds);
    const [a, b] = await Promise.all([cache.value('rows', build), cache.value('rows', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.value('rows', build)).toBe(1);
    cache.invalidate();
    expect(await cache.value('rows', build)).toBe(2);
  });

  it('-> a failed build is not kept: the next reader builds again', async () => {
    const cache = new ReadCache();
    await expect(cache.value('rows', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.value('rows', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});

/** Answers `key` like a route would and returns the body sent (no compression asked for). */
async function answer(cache: ReadCache, produce: () => Promise<string>): Promise<string> {
  let body = '';
  const reply = {
    header: () => reply,
    type: () => reply,
    send: (bytes: Buffer) => {
      body = bytes.toString('utf8');
      return reply;
    },
  };
  await cache.send({ headers: {} } as FastifyRequest, reply as unknown as FastifyReply, 'list', produce);
  return body;
}

/** Builds that answer `{"build":N}` at once, except build number `held`, which waits for `finishHeld()`. */
function heldBuilds(held: number) {
  let builds = 0;
  let finishHeld!: () => void;
  const produce = () => {
    builds += 1;
    const text = `{"build":${builds}}`;
    return builds === held
      ? new Promise<string>((resolve) => (finishHeld = () => resolve(text)))
      : Promise.resolve(text);
  };
  return { produce, builds: () => builds, finishHeld: () => finishHeld() };
}

describe('ReadCache.send', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('-> after its age, readers still get the expired answer while one new build runs, then the new one', async () => {
    vi.useFakeTimers();
    const cache = new ReadCache(5000);
    const { produce, builds, finishHeld } = heldBuilds(2);
    expect(await answer(cache, produce)).toBe('{"build":1}');
    vi.advanceTimersByTime(5001);
    expect(await answer(cache, produce)).toBe('{"build":1}');
    expect(await answer(cache, produce)).toBe('{"build":1}');
    expect(builds()).toBe(2);
    finishHeld();
    await vi.advanceTimersByTimeAsync(0);
    expect(await answer(cache, produce)).toBe('{"build":2}');
    expect(builds()).toBe(2);
  });

  it('-> a change while the new build runs discards it: the next reader waits for a build after the change', async () => {
    vi.useFakeTimers();
    const cache = new ReadCache(5000);
    const { produce, finishHeld } = heldBuilds(2);
    await answer(cache, produce);
    vi.advanceTimersByTime(5001);
    expect(await answer(cache, produce)).toBe('{"build":1}');
    cache.invalidate();
    finishHeld();
    await vi.advanceTimersByTimeAsync(0);
    expect(await answer(cache, produce)).toBe('{"build":3}');
  });
});

describe('listJson', () => {
  it('-> serialised in slices, the bytes parse to the same page as JSON.stringify makes', async () => {
    for (const count of [0, 1, 5000, 12_345]) {
      const items = Array.from({ length: count }, (_, i) => ({
        id: `n-${i}`,
        name: `host "${i}"`,
        flags: ['relay'],
      }));
      const page = { total: count, offset: 0, items };
      const json = await listJson(page);
      expect(json.toString('utf8')).toBe(JSON.stringify(page));
    }
  });
});
