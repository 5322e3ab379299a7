import type { NodeListItem } from '@meshdeck/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_KEY } from './live-list.ts';
import { rowMatch, useList, type ListSource, type RowMatch } from './use-list.ts';

const node = (id: string, name: string) => ({ id, name }) as NodeListItem;
const byName = (a: NodeListItem, b: NodeListItem) => a.name.localeCompare(b.name);

function source(overrides: Partial<ListSource<NodeListItem>>): ListSource<NodeListItem> {
  return {
    queryKey: [LIST_KEY, 'nodes', 'net1'],
    fetch: vi.fn(() => Promise.resolve([node('2', 'b'), node('1', 'a'), node('3', 'c')])),
    fetchFirst: vi.fn(() => Promise.resolve([node('1', 'a')])),
    live: { plan: () => undefined },
    ...overrides,
  };
}

function renderList(list: ListSource<NodeListItem>, match?: RowMatch<NodeListItem>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    (props: { match?: RowMatch<NodeListItem> }) => useList(list, props.match, byName, { search: 'a' }),
    {
      wrapper,
      initialProps: { match },
    },
  );
}

/** A name search that counts the rows it tests; `others` stands for the other filters. */
function nameSearch(search: string, others: string[] = [], tested: string[] = []) {
  return rowMatch<NodeListItem>(
    (item) => {
      tested.push(item.id);
      return item.name.includes(search);
    },
    search,
    others,
  );
}

describe('useList', () => {
  it('-> when the first rows are already read (a deep link), then the first render shows them', () => {
    const list = source({ readFirst: vi.fn(() => [node('1', 'a')]) });
    const { result } = renderList(list);
    expect(result.current.rows.map((row) => row.id)).toEqual(['1']);
    expect(list.readFirst).toHaveBeenCalledWith({ search: 'a' });
    expect(list.fetchFirst).not.toHaveBeenCalled();
  });

  it('-> when the first rows have shown, then every row is asked for after them, once', async () => {
    const list = source({});
    const { result } = renderList(list);
    expect(list.fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.rows.map((row) => row.id)).toEqual(['1', '2', '3']));
    expect(list.fetchFirst).toHaveBeenCalledTimes(1);
    expect(list.fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(list.fetchFirst!).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(list.fetch).mock.invocationCallOrder[0]!,
    );
  });

  it('-> when the first rows fail, then every row is still asked for', async () => {
    const list = source({ fetchFirst: vi.fn(() => Promise.reject(new Error('down'))) });
    const { result } = renderList(list);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.error).toBeNull();
  });

  it('-> when a list has no first-rows request, then every row is asked for at once', () => {
    const list = source({ fetchFirst: undefined });
    renderList(list);
    expect(list.fetch).toHaveBeenCalledTimes(1);
  });

  it('-> when the search grows, then only the rows the previous search kept are tested; otherwise every row', async () => {
    const rows = ['web-1', 'web-12', 'db-1', 'web-2'].map((name, index) => node(String(index), name));
    const list = source({ fetchFirst: undefined, fetch: vi.fn(() => Promise.resolve(rows)) });
    const { result, rerender } = renderList(list, nameSearch('web'));
    await waitFor(() => expect(result.current.rows).toHaveLength(3));

    const narrowed: string[] = [];
    rerender({ match: nameSearch('web-1', [], narrowed) });
    expect(result.current.rows.map((row) => row.name)).toEqual(['web-1', 'web-12']);
    expect(narrowed.sort()).toEqual(['0', '1', '3']);

    const shortened: string[] = [];
    rerender({ match: nameSearch('web', [], shortened) });
    expect(result.current.rows).toHaveLength(3);
    expect(shortened).toHaveLength(4);

    const otherFilter: string[] = [];
    rerender({ match: nameSearch('web-', ['offline'], otherFilter) });
    expect(otherFilter).toHaveLength(4);
  });
});
