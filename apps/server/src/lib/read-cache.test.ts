import { describe, expect, it } from 'vitest';
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
