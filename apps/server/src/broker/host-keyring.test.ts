import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HostKeyring, type HostKeySource } from './host-keyring.ts';

function fakeHosts(rows: HostKeySource[]) {
  const table = new Map(rows.map((r) => [r.id, r]));
  const queries: string[][] = [];
  const keyring = new HostKeyring({
    byIds: (ids) => {
      queries.push([...ids]);
      return Promise.resolve(ids.flatMap((id) => (table.has(id) ? [table.get(id)!] : [])));
    },
    all: () => Promise.resolve([...table.values()]),
  });
  return { table, queries, keyring };
}

const key = () => randomBytes(32).toString('base64');

describe('HostKeyring', () => {
  it('-> a burst of publishes to many hosts loads their keys in one query, then serves them from memory', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ id: `h${i}`, trafficKey: key() }));
    const { queries, keyring } = fakeHosts(rows);
    const keys = await Promise.all(rows.map((r) => keyring.keyFor(r.id)));
    expect(keys.every((k) => typeof k === 'object')).toBe(true);
    await Promise.all(rows.map((r) => keyring.keyFor(r.id)));
    expect(queries).toHaveLength(1);
    expect(queries[0]).toHaveLength(300);
  });

  it('-> a host without a traffic key gets plaintext, a malformed key or unknown host gets nothing', async () => {
    const { keyring } = fakeHosts([
      { id: 'iot', trafficKey: null },
      { id: 'bad', trafficKey: 'c2hvcnQ=' },
    ]);
    expect(await keyring.keyFor('iot')).toBe('plain');
    expect(await keyring.keyFor('bad')).toBe('none');
    expect(await keyring.keyFor('ghost')).toBe('none');
  });

  it('-> after markStale the new traffic key is used; a deleted host keeps its key until forget (for DELETE_HOST)', async () => {
    const { table, keyring } = fakeHosts([{ id: 'a', trafficKey: key() }]);
    const first = await keyring.keyFor('a');
    table.set('a', { id: 'a', trafficKey: key() });
    expect(await keyring.keyFor('a')).toBe(first);
    keyring.markStale('a');
    const second = await keyring.keyFor('a');
    expect(second).not.toBe(first);
    table.delete('a');
    keyring.markStale('a');
    expect(await keyring.keyFor('a')).toBe(second);
    keyring.forget('a');
    expect(await keyring.keyFor('a')).toBe('none');
  });
});
