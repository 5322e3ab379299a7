import { describe, expect, it } from 'vitest';
import type { CustomEntryRow, DnsRepository, NodeNameRow } from './dns.repository.ts';
import { DnsService } from './dns.service.ts';

/** A network of two hosts in memory; every publish waits until the test lets it go. */
function harness() {
  const custom: CustomEntryRow[] = [];
  const names: NodeNameRow[] = ['h1', 'h2'].map((id) => ({
    host_id: id,
    host_name: id,
    network: 'net-1',
    address: '10.0.0.1',
    address6: '',
  }));
  const repository = {
    networkExists: async () => true,
    nodeNames: async () => names,
    custom: async () => custom,
    insert: async (row: CustomEntryRow, check: (n: NodeNameRow[], c: CustomEntryRow[]) => void) => {
      check(names, custom);
      custom.push(row);
    },
  } as unknown as DnsRepository;
  const sent: { hostId: string; count: number }[] = [];
  const waiting: (() => void)[] = [];
  const service = new DnsService({
    repository,
    events: { publish: () => undefined },
    publish: (hostId, payload) =>
      new Promise<void>((resolve) => {
        const count = (JSON.parse(payload) as { DNS: { entries: unknown[] } }).DNS.entries.length;
        waiting.push(() => {
          sent.push({ hostId, count });
          resolve();
        });
      }),
    onError: (error) => {
      throw error;
    },
  });
  /** Lets every publish go, as they come, until no push is left. */
  const finish = async () => {
    let done = false;
    const settled = service.settled().then(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (waiting.length > 0) waiting.shift()!();
    }
    await settled;
  };
  return { service, sent, finish };
}

describe('DNS push after a write', () => {
  it('-> when an entry is created, then the answer comes before the hosts are told, and they are told', async () => {
    const { service, sent, finish } = harness();
    const entry = await service.create('net-1', { name: 'printer', address: '10.0.0.9' });
    expect(entry.name).toBe('printer');
    expect(sent).toEqual([]);
    await finish();
    expect(sent).toEqual([
      { hostId: 'h1', count: 3 },
      { hostId: 'h2', count: 3 },
    ]);
  });

  it('-> when three writes land during one push, then one more push follows, with all of them', async () => {
    const { service, sent, finish } = harness();
    await service.create('net-1', { name: 'a', address: '10.0.0.9' });
    await service.create('net-1', { name: 'b', address: '10.0.0.10' });
    await service.create('net-1', { name: 'c', address: '10.0.0.11' });
    await service.create('net-1', { name: 'd', address: '10.0.0.12' });
    await finish();
    // Two pushes of two hosts each, not four: the second carries every entry (two automatic, four custom).
    expect(sent).toHaveLength(4);
    expect(sent.slice(2)).toEqual([
      { hostId: 'h1', count: 6 },
      { hostId: 'h2', count: 6 },
    ]);
  });
});
