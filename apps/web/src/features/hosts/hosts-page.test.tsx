import type { HostListItem } from '@meshdeck/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { HostsPage } from './hosts-page.tsx';
import { hostsSearchSchema } from './hosts-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const host: HostListItem = {
  id: fakeId(1, 1),
  name: 'laptop-one',
  endpoint: '198.51.100.1',
  endpoint6: '',
  publicKey: 'key-1',
  listenPort: 51821,
  version: 'v0.30.0',
  isDefault: false,
  isBehindNat: false,
  status: 'online',
  lastCheckIn: 1_700_000_000,
  nodes: [],
};

async function renderHosts() {
  mockApi({ 'GET console/hosts': () => ({ total: 1, offset: 0, items: [host] }) });
  await renderRoute('/devices', '/devices', HostsPage, { validateSearch: hostsSearchSchema });
  return screen.findByRole('table', { name: /devices/i });
}

describe('HostsPage permissions (spec 6)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when an auditor opens the devices, shows them read-only: no add, no key refresh, no sync', async () => {
    signInAs('auditor-one', 'auditor');
    const table = await renderHosts();
    expect(await within(table).findByText('laptop-one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /refresh/i })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /sync/i })).not.toBeInTheDocument();
  });

  it('-> when a platform admin opens the devices, offers add, key refresh and sync', async () => {
    signInAs('admin-one', 'admin');
    const table = await renderHosts();
    expect(await within(table).findByText('laptop-one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /add/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /refresh/i })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /sync/i })).toBeInTheDocument();
  });
});

describe('HostsPage loading and empty (issue 39)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> while the devices load, shows a loading status, not "No devices yet"; with none, the empty state offers Add a new device', async () => {
    signInAs('admin-one', 'admin');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET console/hosts': async () => {
        await held;
        return { total: 0, offset: 0, items: [] };
      },
    });
    await renderRoute('/devices', '/devices', HostsPage, { validateSearch: hostsSearchSchema });
    expect(await screen.findByRole('status', { name: /^Loading/ })).toBeInTheDocument();
    expect(screen.queryByText('No devices yet')).not.toBeInTheDocument();
    release();
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No devices yet');
    expect(within(empty).getByRole('button', { name: 'Add a new device' })).toBeInTheDocument();
  });
});
