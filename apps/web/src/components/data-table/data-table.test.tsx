import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockElementSize } from '@/test/layout.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { DataTable, IN_MEMORY, tableBodyState } from './data-table.tsx';
import { paramToSorting, sortingToParam } from './sort-param.ts';

interface Row {
  id: string;
  name: string;
}
const column = createColumnHelper<Row>();
const columns = [column.accessor('name', { header: 'Name' })];
const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `n${i}`, name: `node-${String(i).padStart(5, '0')}` }));

describe('DataTable', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1024, 600);
  });
  afterEach(() => restoreSize());

  it('-> with 10,000 rows, renders only a window of them', () => {
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(10_000)}
        columns={columns}
        getRowId={(r) => r.id}
        height={600}
      />,
    );
    const table = screen.getByRole('table', { name: 'Nodes' });
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-id'));
    expect(bodyRows.length).toBeGreaterThan(5);
    expect(bodyRows.length).toBeLessThan(100);
    expect(table).toHaveAttribute('aria-rowcount', '10000');
  });

  it('-> filters rows by the search text', () => {
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(50)}
        columns={columns}
        getRowId={(r) => r.id}
        search="node-00042"
      />,
    );
    expect(screen.getByText('node-00042')).toBeInTheDocument();
    expect(screen.queryByText('node-00041')).not.toBeInTheDocument();
  });

  it('-> reports a header click as a sorting change, and orders rows by the given sorting', async () => {
    const onSortingChange = vi.fn<(s: SortingState) => void>();
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(3)}
        columns={columns}
        getRowId={(r) => r.id}
        sorting={[{ id: 'name', desc: true }]}
        onSortingChange={onSortingChange}
      />,
    );
    const names = screen.getAllByText(/^node-/).map((cell) => cell.textContent);
    expect(names).toEqual(['node-00002', 'node-00001', 'node-00000']);
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortingChange).toHaveBeenCalled();
  });

  it('-> with a pre-sorted list of 10,000 rows, renders a window in the given order and selects every row at once', async () => {
    const onRowSelectionChange = vi.fn();
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(10_000).reverse()}
        columns={columns}
        getRowId={(r) => r.id}
        height={600}
        isPreSorted
        rowSelection={{}}
        onRowSelectionChange={onRowSelectionChange}
      />,
    );
    const table = screen.getByRole('table', { name: 'Nodes' });
    expect(table).toHaveAttribute('aria-rowcount', '10000');
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-id'));
    expect(bodyRows.length).toBeLessThan(100);
    expect(bodyRows[0]).toHaveTextContent('node-09999');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(Object.keys(onRowSelectionChange.mock.calls[0]?.[0] as object)).toHaveLength(10_000);
  });

  it('-> with a pre-sorted list sorted ascending, a header click asks for descending', async () => {
    const onSortingChange = vi.fn<(s: SortingState) => void>();
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(3)}
        columns={columns}
        getRowId={(r) => r.id}
        isPreSorted
        sorting={[{ id: 'name', desc: false }]}
        onSortingChange={onSortingChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'name', desc: true }]);
  });

  it('-> exports the rows it shows, filtered and sorted, as CSV from the export menu', async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={rowsOf(30)}
        columns={columns}
        getRowId={(r) => r.id}
        search="node-0001"
        sorting={[{ id: 'name', desc: true }]}
        height={600}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export Nodes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    // The export code is loaded when a format is chosen, so the download follows the click a moment later.
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(await saved[0]!.text()).toBe(
      ['Name', ...Array.from({ length: 10 }, (_, i) => `node-000${19 - i}`)].join('\r\n') + '\r\n',
    );
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('-> tells a paged list when its last row is in view, and not while the last row is far below', () => {
    const onLongEnd = vi.fn();
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Long"
        data={rowsOf(10_000)}
        columns={columns}
        getRowId={(r) => r.id}
        height={600}
        onEndReached={onLongEnd}
      />,
    );
    expect(onLongEnd).not.toHaveBeenCalled();
    const onShortEnd = vi.fn();
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Short"
        data={rowsOf(5)}
        columns={columns}
        getRowId={(r) => r.id}
        height={600}
        onEndReached={onShortEnd}
      />,
    );
    expect(onShortEnd).toHaveBeenCalledTimes(1);
  });

  it('-> with no rows, shows the empty state', () => {
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={[]}
        columns={columns}
        getRowId={(r) => r.id}
        empty="No nodes yet"
      />,
    );
    expect(screen.getByText('No nodes yet')).toBeInTheDocument();
  });
});

describe('DataTable states (issue 39: loading must never look empty)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1024, 600);
  });
  afterEach(() => restoreSize());
  const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) => (
    <DataTable
      label="Keys"
      data={[]}
      columns={columns}
      getRowId={(r) => r.id}
      query={IN_MEMORY}
      empty="No keys yet"
      {...props}
    />
  );

  it('-> while the first read is in flight, shows a loading status and skeleton rows, never the empty text', () => {
    renderUi(table({ query: { isPending: true, error: null } }));
    expect(screen.getByRole('status', { name: 'Loading Keys…' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Keys' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No keys yet')).not.toBeInTheDocument();
  });

  it('-> when the read failed, shows the reason and a retry that reads again, never the empty text', async () => {
    const refetch = vi.fn();
    renderUi(table({ query: { isPending: false, error: new Error('boom'), refetch } }));
    expect(screen.getByTestId('load-error')).toBeInTheDocument();
    expect(screen.queryByText('No keys yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('-> when a refresh failed with rows already read, keeps the rows and shows the reason above them', () => {
    renderUi(table({ data: rowsOf(2), query: { isPending: false, error: new Error('boom') } }));
    expect(screen.getByText('node-00001')).toBeInTheDocument();
    expect(screen.getByTestId('load-error')).toBeInTheDocument();
  });

  it('-> after a successful read of no rows, shows the empty text', () => {
    renderUi(table({}));
    expect(screen.getByText('No keys yet')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('-> when rows exist but the search hides them all, says nothing matches instead of empty', () => {
    renderUi(table({ data: rowsOf(3), search: 'no-such-row' }));
    expect(screen.getByTestId('table-no-match')).toHaveTextContent('Nothing matches');
    expect(screen.queryByText('No keys yet')).not.toBeInTheDocument();
  });

  it('-> when a pre-filtered list leaves no row of its total, says nothing matches instead of empty', () => {
    renderUi(table({ data: [], totalCount: 40, isPreSorted: true, noMatch: 'No key matches' }));
    expect(screen.getByText('No key matches')).toBeInTheDocument();
    expect(screen.queryByText('No keys yet')).not.toBeInTheDocument();
  });

  it('tableBodyState -> orders the reasons: rows, no match, failure, loading, empty', () => {
    const pending = { isPending: true, error: null };
    const failed = { isPending: false, error: new Error('x') };
    expect(tableBodyState(pending, 0, 0)).toBe('loading');
    expect(tableBodyState(failed, 0, 0)).toBe('error');
    expect(tableBodyState({ isPending: true, error: new Error('x') }, 0, 0)).toBe('error');
    expect(tableBodyState(IN_MEMORY, 0, 0)).toBe('empty');
    expect(tableBodyState(IN_MEMORY, 5, 0)).toBe('no-match');
    expect(tableBodyState(failed, 5, 2)).toBe('rows');
  });
});

describe('sort parameter', () => {
  it('-> round-trips ascending and descending sorting through the URL form', () => {
    expect(sortingToParam([{ id: 'name', desc: false }])).toBe('name');
    expect(sortingToParam([{ id: 'name', desc: true }])).toBe('-name');
    expect(sortingToParam([])).toBeUndefined();
    expect(paramToSorting('-address')).toEqual([{ id: 'address', desc: true }]);
    expect(paramToSorting(undefined, [{ id: 'name', desc: false }])).toEqual([{ id: 'name', desc: false }]);
  });
});

describe('DataTable on a narrow screen (below 768 px)', () => {
  interface Node {
    id: string;
    name: string;
    address: string;
    endpoint: string;
    version: string;
  }
  const nodeColumn = createColumnHelper<Node>();
  const nodeColumns = [
    nodeColumn.accessor('name', { header: 'Name', meta: { isKey: true } }),
    nodeColumn.accessor('endpoint', { header: 'Endpoint' }),
    nodeColumn.accessor('address', { header: 'Address', meta: { isKey: true } }),
    nodeColumn.accessor('version', { header: 'Version' }),
  ];
  const nodes: Node[] = [
    {
      id: 'a',
      name: 'db-primary-frankfurt',
      address: '100.64.0.1',
      endpoint: '203.0.113.7',
      version: 'v1.2.0',
    },
  ];
  let wideMatchMedia: typeof window.matchMedia;
  let restoreNarrowSize: () => void;
  beforeEach(() => {
    restoreNarrowSize = mockElementSize(375, 600);
    wideMatchMedia = window.matchMedia;
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      ...wideMatchMedia(query),
      matches: query.includes('max-width: 767'),
    }));
  });
  afterEach(() => {
    window.matchMedia = wideMatchMedia;
    restoreNarrowSize();
  });

  it('-> shows only the key columns, and the others one tap away in the row details', async () => {
    renderUi(
      <DataTable query={IN_MEMORY} label="Nodes" data={nodes} columns={nodeColumns} getRowId={(r) => r.id} />,
    );
    const table = screen.getByRole('table', { name: 'Nodes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Address', '']);
    await userEvent.click(await within(table).findByRole('button', { name: 'Details' }));
    expect(within(table).getByText('db-primary-frankfurt')).toBeInTheDocument();
    expect(within(table).queryByText('203.0.113.7')).toBeNull();
    const details = await screen.findByRole('dialog', { name: 'db-primary-frankfurt' });
    expect(within(details).getByText('Endpoint').nextSibling).toHaveTextContent('203.0.113.7');
    expect(within(details).getByText('Version').nextSibling).toHaveTextContent('v1.2.0');
  });

  it('-> when a list has a selection and a wide actions column, keeps each key column readable and scrolls inside its box', () => {
    // The devices list at 375 px crushed its name and status to "db-se" and "H" (issue 39): every column got the
    // few pixels the fixed ones left.
    const withActions = [
      ...nodeColumns,
      nodeColumn.display({ id: 'actions', header: '', size: 140, cell: () => 'Sync' }),
    ];
    renderUi(
      <DataTable
        query={IN_MEMORY}
        label="Nodes"
        data={nodes}
        columns={withActions}
        getRowId={(r) => r.id}
        rowSelection={{}}
        onRowSelectionChange={() => undefined}
        isPreSorted
      />,
    );
    const table = screen.getByRole('table', { name: 'Nodes' });
    // The checkbox, two key columns at their readable least, the actions and the details button.
    expect(table.style.minWidth).toBe(`${44 + 120 + 120 + 140 + 64}px`);
    expect(table.closest('[data-scroll]')).not.toBeNull();
  });
});
