import type { HostListItem } from '@meshdeck/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { apiClient } from '@/lib/api-client.ts';
import { patchLists } from '@/lib/list/live-list.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';
import { hostListKey, hostListSource } from './host-list.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

afterEach(() => vi.mocked(apiClient.get).mockReset());

describe('hostListSource -> a status change by the server clock (node-status, decision 050)', () => {
  it("-> when the devices list is cached, re-reads the rows of the named nodes' hosts in one request", async () => {
    const queryClient = new QueryClient();
    const hostRow = (id: string, nodeIds: string[], status = 'online'): HostListItem => ({
      id,
      name: id,
      endpoint: '',
      endpoint6: '',
      publicKey: '',
      listenPort: 51821,
      version: '',
      isDefault: false,
      isBehindNat: false,
      status,
      lastCheckIn: 0,
      nodes: nodeIds.map((nodeId) => ({ id: nodeId, network: 'net1', address: '' })),
    });
    vi.mocked(apiClient.get).mockResolvedValueOnce({
      total: 3,
      offset: 0,
      items: [hostRow('h1', ['n1']), hostRow('h2', ['n2']), hostRow('h3', ['n3', 'n4'])],
    });
    await queryClient.fetchQuery(listQueryOptions(hostListSource));
    vi.mocked(apiClient.get).mockClear();
    vi.mocked(apiClient.get).mockResolvedValueOnce({
      total: 2,
      offset: 0,
      items: [hostRow('h1', ['n1'], 'warning'), hostRow('h3', ['n3', 'n4'], 'warning')],
    });
    patchLists(queryClient, {
      resource: 'node-status',
      action: 'updated',
      network: 'net1',
      ids: ['n1', 'n3', 'n4', 'unknown'],
    });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<HostListItem[]>(hostListKey())?.map((item) => item.status)).toEqual([
        'warning',
        'online',
        'warning',
      ]),
    );
    expect(apiClient.get).toHaveBeenCalledTimes(1);
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ query: { ids: 'h1,h3' } });
  });
});
