import { dnsUpdateMessageSchema, type DnsNetworkRanges, type DnsUpdateMessage } from '@meshdeck/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomEntryRow, DnsRepository, NodeNameRow } from './dns.repository.ts';
import { SideEffectHold } from '../../lib/after-commit.ts';
import { DnsService } from './dns.service.ts';
import { DnsUpdateQueue, type NodeNameSource } from './dns-updates.ts';

const node = (id: string, hostName = id, address = '10.0.0.1'): NodeNameRow => ({
  node_id: `node-${id}`,
  host_id: id,
  host_name: hostName,
  network: 'net-1',
  address,
  address6: '',
});

/** A network's nodes in memory (what the database holds) and every DNS_UPDATE sent, parsed by the contract. */
function harness(
  rows: NodeNameRow[],
  timing = { debounceMs: 500, maxWaitMs: 2000 },
  listening?: () => ReadonlySet<string> | undefined,
) {
  const database = { rows };
  const source: NodeNameSource = {
    nodeNames: async (netid) => database.rows.filter((r) => netid === undefined || r.network === netid),
    nodeNamesOf: async (nodeIds, hostIds) =>
      database.rows.filter((r) => nodeIds.includes(r.node_id) || hostIds.includes(r.host_id)),
  };
  const sent: { hostId: string; qos: number; payload: string; message: DnsUpdateMessage }[] = [];
  const queue = new DnsUpdateQueue(
    source,
    async (hostId, payload, qos) => {
      sent.push({ hostId, qos, payload, message: dnsUpdateMessageSchema.parse(JSON.parse(payload)) });
    },
    (error) => {
      throw error;
    },
    { timing, ...(listening ? { listening } : {}) },
  );
  return { database, queue, sent };
}

const changesOf = (sent: { message: DnsUpdateMessage }[]) => sent.map((s) => s.message.DNS);

afterEach(() => {
  vi.useRealTimers();
});

describe('DnsUpdateQueue', () => {
  it('-> when only some hosts have an agent on the broker, then only they are sent the change (the others pull on connect)', async () => {
    const connected = new Set(['h1']);
    const { database, queue, sent } = harness(
      [node('h1'), node('h2', 'h2', '10.0.0.2')],
      undefined,
      () => connected,
    );
    await queue.load();
    database.rows.push(node('h3', 'h3', '10.0.0.3'));
    queue.nodeChanged('net-1', 'node-h3');
    await queue.flush();
    expect(sent.map((s) => s.hostId)).toEqual(['h1']);
    connected.clear();
    database.rows.push(node('h4', 'h4', '10.0.0.4'));
    queue.nodeChanged('net-1', 'node-h4');
    await queue.flush();
    expect(sent).toHaveLength(1);
  });

  it('-> when three nodes join before a batch runs, then each host gets one DNS_UPDATE with the three names', async () => {
    const { database, queue, sent } = harness([node('h1')]);
    await queue.load();
    database.rows.push(
      node('h2', 'H2', '10.0.0.2'),
      node('h3', 'h3', '10.0.0.3'),
      node('h4', 'h4', '10.0.0.4'),
    );
    for (const id of ['h2', 'h3', 'h4']) queue.nodeChanged('net-1', `node-${id}`);
    await queue.flush();
    expect(sent.map((s) => s.hostId).sort()).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(sent.every((s) => s.qos === 0)).toBe(true);
    expect(changesOf(sent)[0]).toEqual({
      network: 'net-1',
      added: [
        { name: 'h2.net-1', address: '10.0.0.2', address6: '', network: 'net-1' },
        { name: 'h3.net-1', address: '10.0.0.3', address6: '', network: 'net-1' },
        { name: 'h4.net-1', address: '10.0.0.4', address6: '', network: 'net-1' },
      ],
      removed: [],
    });
    // One text for every host (the topic names the host): sealing compresses it once, not once per host.
    expect(new Set(sent.map((s) => s.payload)).size).toBe(1);
    expect(queue.totals.batches).toBe(1);
  });

  it('-> when a node is gone from the database, then the remaining hosts are told to remove its name', async () => {
    const { database, queue, sent } = harness([node('h1'), node('h2', 'Gone Host')]);
    await queue.load();
    database.rows = database.rows.filter((r) => r.host_id !== 'h2');
    queue.nodeChanged('net-1', 'node-h2');
    await queue.flush();
    expect(sent.map((s) => s.hostId)).toEqual(['h1']);
    expect(changesOf(sent)).toEqual([{ network: 'net-1', added: [], removed: ['gone-host.net-1'] }]);
  });

  it('-> when the nodes of a network go without ids, then every name missing from the database is removed', async () => {
    const { database, queue, sent } = harness([node('h1'), node('h2'), node('h3')]);
    await queue.load();
    database.rows = [node('h1')];
    queue.nodeChanged('net-1', undefined);
    await queue.flush();
    expect(changesOf(sent)).toEqual([{ network: 'net-1', added: [], removed: ['h2.net-1', 'h3.net-1'] }]);
  });

  it('-> when a host is renamed, then its old name is removed and its new one added', async () => {
    const { database, queue, sent } = harness([node('h1'), node('h2', 'old')]);
    await queue.load();
    database.rows[1] = node('h2', 'new');
    queue.hostChanged('h2');
    queue.hostChanged('h1'); // changed nothing DNS shows: adds nothing to the message
    await queue.flush();
    expect(sent).toHaveLength(2);
    expect(changesOf(sent)[0]).toEqual({
      network: 'net-1',
      added: [{ name: 'new.net-1', address: '10.0.0.1', address6: '', network: 'net-1' }],
      removed: ['old.net-1'],
    });
  });

  it('-> when nothing DNS shows changed, then nothing is sent', async () => {
    const { queue, sent } = harness([node('h1'), node('h2')]);
    await queue.load();
    queue.nodeChanged('net-1', 'node-h1');
    queue.hostChanged('h2');
    await queue.flush();
    expect(sent).toEqual([]);
  });

  it('-> when one of two hosts sharing a name leaves, then the name is re-sent with the entry left, not removed', async () => {
    const { database, queue, sent } = harness([node('h1', 'web'), { ...node('h2', 'web', '10.0.0.2') }]);
    await queue.load();
    database.rows = [node('h1', 'web')];
    queue.nodeChanged('net-1', 'node-h2');
    await queue.flush();
    expect(changesOf(sent)).toEqual([
      {
        network: 'net-1',
        added: [{ name: 'web.net-1', address: '10.0.0.1', address6: '', network: 'net-1' }],
        removed: [],
      },
    ]);
  });

  it('-> when a custom entry is added then deleted in one batch, then the hosts are told the last: removed', async () => {
    const { queue, sent } = harness([node('h1')]);
    await queue.load();
    queue.customChanged('net-1', 'printer.net-1', {
      name: 'printer.net-1',
      address: '10.0.0.9',
      address6: '',
      network: 'net-1',
    });
    queue.customChanged('net-1', 'printer.net-1', null);
    await queue.flush();
    expect(changesOf(sent)).toEqual([{ network: 'net-1', added: [], removed: ['printer.net-1'] }]);
  });

  it('-> when a custom entry is followed by a join, then the batch still goes at once, with both', async () => {
    vi.useFakeTimers();
    const { database, queue, sent } = harness([node('h1')], { debounceMs: 100, maxWaitMs: 250 });
    await queue.load();
    queue.customChanged('net-1', 'printer.net-1', {
      name: 'printer.net-1',
      address: '10.0.0.9',
      address6: '',
      network: 'net-1',
    });
    database.rows.push(node('h2', 'h2', '10.0.0.2'));
    queue.nodeChanged('net-1', 'node-h2');
    await vi.advanceTimersByTimeAsync(1);
    expect(changesOf(sent).map((c) => c.added.map((e) => e.name))).toEqual([
      ['h2.net-1', 'printer.net-1'],
      ['h2.net-1', 'printer.net-1'],
    ]);
  });

  it('-> when joins keep coming, then a batch waits for quiet but no longer than the maximum wait', async () => {
    vi.useFakeTimers();
    const { database, queue, sent } = harness([node('h1')], { debounceMs: 100, maxWaitMs: 250 });
    await queue.load();
    // A join every 60 ms: never 100 ms of quiet, so only the maximum wait (250 ms after the first) sends.
    for (let i = 2; i <= 6; i += 1) {
      database.rows.push(node(`h${i}`, `h${i}`, `10.0.0.${i}`));
      queue.nodeChanged('net-1', `node-h${i}`);
      if (i < 6) await vi.advanceTimersByTimeAsync(60);
      expect(sent).toEqual([]);
    }
    await vi.advanceTimersByTimeAsync(9);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.hostId).sort()).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    expect(changesOf(sent)[0]!.added.map((e) => e.name)).toEqual([
      'h2.net-1',
      'h3.net-1',
      'h4.net-1',
      'h5.net-1',
      'h6.net-1',
    ]);
  });
});

describe('DNS custom entries after a write', () => {
  it('-> when an entry is created, then the answer comes before the hosts are told, and they are told only it', async () => {
    const names = [node('h1'), node('h2')];
    const custom: CustomEntryRow[] = [];
    const network: DnsNetworkRanges = { netid: 'net-1', addressrange: '10.0.0.0/24', addressrange6: '' };
    const repository = {
      networkExists: async () => true,
      nodeNames: async () => names,
      nodeNamesOf: async () => [],
      custom: async () => custom,
      networkRanges: async () => [network],
      insertMany: async (
        _netid: string,
        rows: CustomEntryRow[],
        check: (r: DnsNetworkRanges, n: NodeNameRow[], c: CustomEntryRow[]) => void,
      ) => {
        check(network, names, custom);
        custom.push(...rows);
      },
      delete: async () => true,
    } as unknown as DnsRepository;
    const sent: (DnsUpdateMessage & { hostId: string })[] = [];
    const fail = (error: unknown) => {
      throw error;
    };
    const updates = new DnsUpdateQueue(
      repository,
      async (hostId, payload) => {
        sent.push({ hostId, ...dnsUpdateMessageSchema.parse(JSON.parse(payload)) });
      },
      fail,
    );
    await updates.load();
    const service = new DnsService({
      repository,
      events: { publish: () => undefined },
      updates,
      publish: async () => undefined,
      onError: fail,
    });
    const entry = await service.create('net-1', { name: 'printer.net-1', address: '10.0.0.9' });
    expect(entry.name).toBe('printer.net-1');
    expect(sent).toEqual([]);
    await updates.flush();
    expect(sent.map((m) => [m.hostId, m.DNS.added.map((e) => e.name), m.DNS.removed])).toEqual([
      ['h1', ['printer.net-1'], []],
      ['h2', ['printer.net-1'], []],
    ]);
    await service.delete('net-1', 'printer.net-1');
    await updates.flush();
    expect(sent.slice(2).map((m) => m.DNS)).toEqual([
      { network: 'net-1', added: [], removed: ['printer.net-1'] },
      { network: 'net-1', added: [], removed: ['printer.net-1'] },
    ]);
    // Inside a unit of work that rolls back, the hosts hear nothing; one that commits, after COMMIT.
    const rolledBack = new SideEffectHold();
    await rolledBack.run(() => service.create('net-1', { name: 'never.net-1', address: '10.0.0.10' }));
    rolledBack.drop();
    const committed = new SideEffectHold();
    await committed.run(() => service.create('net-1', { name: 'kept.net-1', address: '10.0.0.11' }));
    await updates.flush();
    expect(sent).toHaveLength(4);
    committed.release();
    await updates.flush();
    expect(sent.slice(4).map((m) => m.DNS.added.map((e) => e.name))).toEqual([
      ['kept.net-1'],
      ['kept.net-1'],
    ]);
  });
});
