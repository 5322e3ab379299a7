import type { NodeListItem } from '@meshdeck/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { apiClient } from '@/lib/api-client.ts';
import { nodeListKey, nodeListSource } from '@/lib/api/node-list.ts';
import { listQueryOptions } from './use-list.ts';
import { MAX_PATCHES_PER_BATCH, mergeRows, patchLists } from './live-list.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const node = (id: string, name: string, hostId = `h-${id}`): NodeListItem => ({
  id,
  hostId,
  network: 'net1',
  name,
  address: '',
  address6: '',
  endpoint: '',
  publicKey: '',
  status: 'online',
  lastCheckIn: 0,
  isConnected: true,
  flags: [],
  tags: [],
});

async function cachedList(items: NodeListItem[]) {
  const queryClient = new QueryClient();
  vi.mocked(apiClient.get).mockResolvedValueOnce({ total: items.length, offset: 0, items });
  await queryClient.fetchQuery(listQueryOptions(nodeListSource('net1')));
  vi.mocked(apiClient.get).mockClear();
  return queryClient;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.mocked(apiClient.get).mockReset());

describe('mergeRows', () => {
  it('-> replaces rows in place, keeps untouched rows as the same objects, drops and appends', () => {
    const [a, b, c] = [node('a', 'alpha'), node('b', 'beta'), node('c', 'gamma')];
    const b2 = node('b', 'beta-2');
    const d = node('d', 'delta');
    const merged = mergeRows([a, b, c], (item) => item.id === 'c', [b2, d]);
    expect(merged.map((item) => item.name)).toEqual(['alpha', 'beta-2', 'delta']);
    expect(merged[0]).toBe(a);
  });
});

describe('patchLists', () => {
  it('-> when one node changes, reads only that row (ids=) and patches it into the cached list', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => node(`n${i}`, `host-${i}`));
    const queryClient = await cachedList(rows);
    vi.mocked(apiClient.get).mockResolvedValueOnce({ total: 1, offset: 0, items: [node('n5', 'renamed')] });
    patchLists(queryClient, { resource: 'nodes', action: 'updated', id: 'n5', network: 'net1' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.[5]?.name).toBe('renamed'),
    );
    expect(apiClient.get).toHaveBeenCalledTimes(1);
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ query: { ids: 'n5' } });
    expect(queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.[4]).toBe(rows[4]);
  });

  it('-> when a node is deleted, drops its row without any request; other networks are left alone', async () => {
    const queryClient = await cachedList([node('n1', 'one'), node('n2', 'two')]);
    patchLists(queryClient, { resource: 'nodes', action: 'deleted', id: 'n1', network: 'net1' });
    patchLists(queryClient, { resource: 'nodes', action: 'deleted', id: 'n2', network: 'other' });
    await settle();
    expect(queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.map((item) => item.id)).toEqual([
      'n2',
    ]);
    expect(apiClient.get).not.toHaveBeenCalled();
  });

  it('-> when a burst of changes arrives at once, reads the whole list once instead of one request each', async () => {
    const queryClient = await cachedList([node('n1', 'one')]);
    // A page shows the list: invalidation re-reads active lists only.
    const unsubscribe = new QueryObserver(queryClient, listQueryOptions(nodeListSource('net1'))).subscribe(
      () => undefined,
    );
    vi.mocked(apiClient.get).mockResolvedValue({ total: 1, offset: 0, items: [node('n1', 'one')] });
    for (let i = 0; i <= MAX_PATCHES_PER_BATCH; i++)
      patchLists(queryClient, { resource: 'nodes', action: 'updated', id: `n${i}`, network: 'net1' });
    await vi.waitFor(() => expect(apiClient.get).toHaveBeenCalledTimes(1));
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ query: {} });
    unsubscribe();
  });

  it('-> when a node changes while the first read of the list is still on its way, patches its row once the read arrives', async () => {
    const queryClient = new QueryClient();
    let answer: (value: unknown) => void = () => undefined;
    vi.mocked(apiClient.get).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const loading = queryClient.fetchQuery(listQueryOptions(nodeListSource('net1')));
    vi.mocked(apiClient.get).mockResolvedValueOnce({ total: 1, offset: 0, items: [node('n2', 'renamed')] });
    patchLists(queryClient, { resource: 'nodes', action: 'updated', id: 'n2', network: 'net1' });
    await settle();
    // The read was built before the change: it still has the old name.
    answer({ total: 2, offset: 0, items: [node('n1', 'one'), node('n2', 'two')] });
    await loading;
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.map((item) => item.name)).toEqual(
        ['one', 'renamed'],
      ),
    );
    expect(vi.mocked(apiClient.get).mock.calls[1]?.[1]).toMatchObject({ query: { ids: 'n2' } });
  });
});

describe('patchLists -> a status change by the server clock (node-status, decision 050)', () => {
  it('-> when the server names nodes whose status moved, reads those rows in one request and patches their status, also with no page showing the list', async () => {
    const queryClient = await cachedList([node('n1', 'one'), node('n2', 'two'), node('n3', 'three')]);
    vi.mocked(apiClient.get).mockResolvedValueOnce({
      total: 2,
      offset: 0,
      items: [
        { ...node('n1', 'one'), status: 'warning' },
        { ...node('n3', 'three'), status: 'offline' },
      ],
    });
    patchLists(queryClient, {
      resource: 'node-status',
      action: 'updated',
      network: 'net1',
      ids: ['n1', 'n3'],
    });
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.map((item) => item.status),
      ).toEqual(['warning', 'online', 'offline']),
    );
    expect(apiClient.get).toHaveBeenCalledTimes(1);
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ query: { ids: 'n1,n3' } });
  });

  it("-> when the change is another network's, leaves the list alone", async () => {
    const queryClient = await cachedList([node('n1', 'one')]);
    patchLists(queryClient, { resource: 'node-status', action: 'updated', network: 'other', ids: ['n1'] });
    await settle();
    expect(apiClient.get).not.toHaveBeenCalled();
  });

  it('-> when the change names no ids (too many moved at once), reads the whole list again', async () => {
    const queryClient = await cachedList([node('n1', 'one')]);
    const unsubscribe = new QueryObserver(queryClient, listQueryOptions(nodeListSource('net1'))).subscribe(
      () => undefined,
    );
    vi.mocked(apiClient.get).mockResolvedValue({
      total: 1,
      offset: 0,
      items: [{ ...node('n1', 'one'), status: 'offline' }],
    });
    patchLists(queryClient, { resource: 'node-status', action: 'updated', network: 'net1' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<NodeListItem[]>(nodeListKey('net1'))?.[0]?.status).toBe('offline'),
    );
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ query: {} });
    unsubscribe();
  });
});
