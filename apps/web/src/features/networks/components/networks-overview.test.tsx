import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { NetworksOverview } from './networks-overview.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

async function renderOverview() {
  mockApi({
    'GET networks': () => [makeNetworkWire('neta')],
    'GET v1/networks/stats': () => ({ Code: 200, Message: '', Response: [] }),
  });
  await renderRoute('/networks', '/networks', () => <NetworksOverview url={{}} onUrlChange={vi.fn()} />);
  const table = await screen.findByRole('table', { name: 'Networks' });
  expect(await within(table).findByText('neta')).toBeInTheDocument();
}

describe('NetworksOverview permissions (spec 6)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when a platform user lists the networks, offers no Create Network (a global write)', async () => {
    signInAs('viewer', 'platform-user');
    await renderOverview();
    expect(screen.queryByRole('button', { name: 'Create Network' })).not.toBeInTheDocument();
  });

  it('-> when a platform admin lists the networks, offers Create Network', async () => {
    signInAs('admin-one', 'admin');
    await renderOverview();
    expect(screen.getByRole('button', { name: 'Create Network' })).toBeInTheDocument();
  });
});
