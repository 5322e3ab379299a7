import { describe, expect, it } from 'vitest';
import { PeerVersions } from './peer-versions.ts';

describe('PeerVersions with replicas (decision 063)', () => {
  it('when the owner takes over, versions start again under its term and what it issues is stored for every replica', async () => {
    const stored: [string, [string, number][]][] = [];
    const versions = new PeerVersions();
    versions.share({
      read: async (hostId) => ({ epoch: 'term-b', version: hostId === 'h1' ? 7 : 0 }),
      write: async (term, issued) => void stored.push([term, [...issued]]),
    });
    versions.next('h1', false);
    versions.restart('term-b');
    expect(versions.next('h1', false)).toEqual({ epoch: 'term-b', version: 1, base: 0 });
    expect(versions.next('h1', false)).toEqual({ epoch: 'term-b', version: 2, base: 1 });
    expect(versions.next('h2', true)).toEqual({ epoch: 'term-b', version: 1, base: null });
    await versions.persist();
    expect(stored).toEqual([
      [
        'term-b',
        [
          ['h1', 2],
          ['h2', 1],
        ],
      ],
    ]);
    await versions.persist();
    expect(stored).toHaveLength(1);
    // A pull on any replica reports the stored term and version, not this process's memory.
    expect(await versions.read('h1')).toEqual({ epoch: 'term-b', version: 7, base: null });
  });

  it('when not shared, reads and persisting stay in memory', async () => {
    const versions = new PeerVersions();
    versions.next('h1', true);
    await versions.persist();
    expect(await versions.read('h1')).toEqual({ epoch: versions.epoch, version: 1, base: null });
  });
});
