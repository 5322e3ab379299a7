import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, firstCells, expectWindowed, waitForRowCount } from '@/test/scale-table.ts';
import { RelaysPage } from './relays-page.tsx';
import { relaysSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

// 10,000 relays, each relaying one node: both tables hold 10,000 rows.
const nodes = [
  ...Array.from({ length: COUNT }, (_, i) => makeNodeItem(i, `relay-${pad(i)}`, { flags: ['relay'] })),
  ...Array.from({ length: COUNT }, (_, i) =>
    makeNodeItem(COUNT + i, `far-${pad(i)}`, { flags: ['relayed'], relayedBy: fakeId(2, i) }),
  ),
];

describe('RelaysPage at 10,000 rows', () => {
  beforeEach(() => {
    signInAs('admin', 'admin');
    // Returned: restored after each test.
    return mockElementSize(1280, 720);
  });

  it('-> shows the first relays and relayed hosts, keeps a window of rows in the DOM, and each search narrows its table to the matches', async () => {
    mockApi({ 'GET console/nodes/net1': () => nodeListPage(nodes) });
    await renderRoute('/networks/$networkId/relays', '/networks/net1/relays', RelaysPage, {
      validateSearch: relaysSearchSchema,
    });
    const relays = await screen.findByRole('table', { name: 'Relays' }, WAIT);
    const relayed = screen.getByRole('table', { name: 'Relayed hosts' });
    expect(await within(relays).findByText('relay-00000', {}, WAIT)).toBeInTheDocument();
    expect(await within(relayed).findByText('far-00000', {}, WAIT)).toBeInTheDocument();
    for (const table of [relays, relayed]) {
      expectWindowed(table);
    }

    await userEvent.type(screen.getByRole('textbox', { name: 'Search relays' }), 'relay-0423');
    await waitForRowCount(relays, 10);
    expect(firstCells(relays)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`relay-0423${i}`)),
    );
    // The other table keeps its rows.
    expect(relayed).toHaveAttribute('aria-rowcount', String(COUNT));

    // A relayed host is found by its relay's name too: far-04231 is relayed by relay-04231.
    await userEvent.type(screen.getByRole('textbox', { name: 'Search relayed hosts' }), 'relay-04231');
    await waitForRowCount(relayed, 1);
    expect(firstCells(relayed)).toEqual([expect.stringContaining('far-04231')]);
  }, 60_000);
});
