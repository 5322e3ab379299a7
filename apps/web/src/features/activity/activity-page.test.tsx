import type { ActivityEvent } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { ActivityPage } from './activity-page.tsx';
import { activitySearchSchema } from './activity-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const entry = (id: string, overrides: Partial<ActivityEvent> = {}): ActivityEvent => ({
  id,
  action: 'UPDATE',
  source: { id: 'admin', name: 'admin', subject_type: 'USER', info: null },
  origin: 'DASHBOARD',
  target: { id: 'office', name: 'office', subject_type: 'NETWORK', info: null },
  network_id: 'office',
  triggered_by: 'admin',
  diff: {
    Old: { netid: 'office', default_mtu: 1280 },
    New: { netid: 'office', default_mtu: 1420 },
  },
  time_stamp: '2026-11-26T10:00:00.000Z',
  client_address: '192.0.2.7',
  ...overrides,
});
const envelope = (items: ActivityEvent[]) => ({ Code: 200, Message: 'fetched activity', Response: items });

const renderActivity = (search = '') =>
  renderRoute('/activity', `/activity${search}`, ActivityPage, { validateSearch: activitySearchSchema });

describe('ActivityPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
    signInAs('admin', 'super-admin');
  });
  afterEach(() => restoreSize());

  it('-> lists entries; opening one puts it in the URL and shows the changed field before and after', async () => {
    mockApi({
      'GET v1/activity': () =>
        envelope([
          entry('e2'),
          entry('e1', { action: 'CREATE', diff: { Old: null, New: { netid: 'lab' } } }),
        ]),
      'GET networks': () => [],
    });
    const { router } = await renderActivity();
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(await within(table).findByText('Updated')).toBeInTheDocument();
    expect(within(table).getAllByText('192.0.2.7')).toHaveLength(2);
    await userEvent.click(within(table).getByText('Updated'));
    await waitFor(() => expect(router.state.location.search).toEqual({ entry: 'e2' }));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const row = within(changes).getByText('default_mtu').closest('tr')!;
    expect(within(row).getByText('1280')).toBeInTheDocument();
    expect(within(row).getByText('1420')).toBeInTheDocument();
    // Unchanged fields stay hidden until asked for.
    expect(within(changes).queryByText('netid')).toBeNull();
    await userEvent.click(screen.getByLabelText('Show unchanged fields'));
    expect(within(screen.getByRole('table', { name: 'Changes' })).getByText('netid')).toBeInTheDocument();
  });

  it("-> a tag's device edit shows its members by name, with the devices it gained and lost", async () => {
    mockApi({
      'GET v1/activity': () =>
        envelope([
          entry('t1', {
            target: { id: 'office.web', name: 'web', subject_type: 'TAG', info: null },
            diff: {
              Old: { id: 'office.web', tag_name: 'web', members: ['db-1', 'mesh'] },
              New: { id: 'office.web', tag_name: 'web', members: ['gateway', 'mesh'] },
            },
          }),
        ]),
      'GET networks': () => [],
    });
    await renderActivity('?entry=t1');
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const row = within(changes).getByText('members').closest('tr')!;
    expect(within(row).getByText('db-1, mesh')).toBeInTheDocument();
    expect(within(row).getByText('Added: gateway')).toBeInTheDocument();
    expect(within(row).getByText('Removed: db-1')).toBeInTheDocument();
    expect(screen.queryByText('No field changed.')).toBeNull();
  });

  it('-> sends the URL filters to the server as its query parameters', async () => {
    mockApi({ 'GET v1/activity': () => envelope([]), 'GET networks': () => [] });
    await renderActivity('?network=office&user=patty&type=DNS');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    const call = vi.mocked(apiClient.get).mock.calls.find(([path]) => path === 'v1/activity');
    expect(call?.[1]?.query).toMatchObject({
      network_id: 'office',
      username: 'patty',
      subject_type: 'DNS',
      page: 1,
    });
  });

  it('-> an unknown type in the URL is dropped rather than sent', async () => {
    mockApi({ 'GET v1/activity': () => envelope([]), 'GET networks': () => [] });
    await renderActivity('?type=PLANET');
    await screen.findByText('No activity matches these filters.');
    const call = vi.mocked(apiClient.get).mock.calls.find(([path]) => path === 'v1/activity');
    expect(call?.[1]?.query).toMatchObject({ page: 1 });
    expect(call?.[1]?.query?.subject_type).toBeUndefined();
  });
});
