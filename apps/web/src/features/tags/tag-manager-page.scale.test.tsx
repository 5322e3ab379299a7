import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, dataRows, expectWindowed, waitForRowCount } from '@/test/scale-table.ts';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { TagManagerPage } from './tag-manager-page.tsx';
import { tagsSearchSchema } from './tags-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const env = <T,>(Response: T) => ({ Code: 200, Message: '', Response });
const member = makeApiNode({ id: 'n1', network: 'net1' });
// 10,000 tags, each on one device; every third one used by a policy.
const tags = Array.from({ length: COUNT }, (_, i) => ({
  id: `net1.tag-${pad(i)}`,
  tag_name: `tag-${pad(i)}`,
  network: 'net1',
  color_code: '',
  created_by: 'admin',
  created_at: '2026-11-26T10:00:00Z',
  used_by_count: i % 3 === 0 ? 1 : 0,
  tagged_nodes: [member],
}));

describe('TagManagerPage at 10,000 rows', () => {
  beforeAll(async () => {
    await i18next.loadNamespaces('access');
  });
  // The cleanup beforeEach returns runs after each test: element sizes are restored.
  beforeEach(() => mockElementSize(1280, 720));

  it('-> shows the first tags, keeps a window of rows in the DOM, and a search narrows to exactly the matching tags', async () => {
    storeSignedInSession('super-admin');
    useSession.setState({
      user: {
        username: 'admin',
        platformRoleId: 'super-admin',
        isAdmin: true,
        canUseDashboard: true,
        adminNetworkIds: [],
      },
    });
    mockApi({
      ...shellRoutes([makeNetworkWire('net1')], true),
      'GET v1/tags': () => env(tags),
      'GET console/nodes/net1': () => ({
        total: 1,
        offset: 0,
        items: [{ id: 'n1', hostId: 'h1', name: 'web-1', address: '', address6: '' }],
      }),
    });
    await renderRoute('/networks/$networkId/tag-manager', '/networks/net1/tag-manager', TagManagerPage, {
      validateSearch: tagsSearchSchema,
    });
    const table = await screen.findByRole('table', { name: 'Tags' }, WAIT);
    const first = (await within(table).findByText('tag-00000', {}, WAIT)).closest('tr')!;
    expect(within(first).getByText('1 policy')).toBeInTheDocument();
    expectWindowed(table);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search tags' }), 'tag-0423');
    await waitForRowCount(table, 10);
    expect(dataRows(table).map((row) => row.querySelector('td')?.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `tag-0423${i}`),
    );
  }, 60_000);
});
