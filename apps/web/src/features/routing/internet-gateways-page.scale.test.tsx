import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, rowTexts, expectWindowed, waitForRowCount } from '@/test/scale-table.ts';
import { InternetGatewaysPage } from './internet-gateways-page.tsx';
import { internetGatewaysSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

// 10,000 internet gateways, each with one connected host: both tables hold 10,000 rows.
const nodes = [
  ...Array.from({ length: COUNT }, (_, i) =>
    makeNodeItem(i, `exit-${pad(i)}`, { flags: ['internetGateway'] }),
  ),
  ...Array.from({ length: COUNT }, (_, i) =>
    makeNodeItem(COUNT + i, `laptop-${pad(i)}`, { internetGatewayId: fakeId(2, i) }),
  ),
];

describe('InternetGatewaysPage at 10,000 rows', () => {
  beforeEach(() => {
    signInAs('admin', 'admin');
    // Returned: restored after each test.
    return mockElementSize(1280, 720);
  });

  it('-> shows the first gateways and connected hosts, keeps a window of rows in the DOM, and each search narrows its table to the matches', async () => {
    mockApi({ 'GET console/nodes/net1': () => nodeListPage(nodes) });
    await renderRoute(
      '/networks/$networkId/internet-gateways',
      '/networks/net1/internet-gateways',
      InternetGatewaysPage,
      { validateSearch: internetGatewaysSearchSchema },
    );
    const gateways = await screen.findByRole('table', { name: 'Internet gateways' }, WAIT);
    const clients = screen.getByRole('table', { name: 'Connected hosts' });
    expect(await within(gateways).findByText('exit-00000', {}, WAIT)).toBeInTheDocument();
    const firstClient = (await within(clients).findByText('laptop-00000', {}, WAIT)).closest('tr')!;
    expect(within(firstClient).getByText('exit-00000')).toBeInTheDocument();
    for (const table of [gateways, clients]) {
      expectWindowed(table);
    }

    await userEvent.type(screen.getByRole('textbox', { name: 'Search gateways' }), 'exit-0423');
    await waitForRowCount(gateways, 10);
    expect(rowTexts(gateways)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`exit-0423${i}`)),
    );
    expect(clients).toHaveAttribute('aria-rowcount', String(COUNT));

    // A connected host is found by its gateway's name too: laptop-07777 goes out through exit-07777.
    await userEvent.type(screen.getByRole('textbox', { name: 'Search connected hosts' }), 'exit-07777');
    await waitForRowCount(clients, 1);
    expect(rowTexts(clients)).toEqual([expect.stringContaining('laptop-07777')]);
  }, 60_000);
});
