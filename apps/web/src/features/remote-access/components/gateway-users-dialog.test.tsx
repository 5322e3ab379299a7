import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { GatewayUsersDialog } from './gateway-users-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const gateway = { id: 'gw-1', network: 'net1', name: 'edge-host' } as GatewayRow;

function arrange() {
  mockApi({
    'GET users': () => [{ username: 'alice' }, { username: 'bob' }],
    'GET users/ingress/gw-1': () => ({ node_id: 'gw-1', network: 'net1', users: [{ username: 'alice' }] }),
    'POST users/bob/remote_access_gw/gw-1': () => ({ username: 'bob' }),
    'DELETE users/alice/remote_access_gw/gw-1': () => ({ username: 'alice' }),
  });
  renderUi(<GatewayUsersDialog gateway={gateway} onClose={vi.fn()} />);
}
const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

describe('GatewayUsersDialog', () => {
  it('-> marks the attached users; adding one posts its remote_access_gw, removing one deletes it', async () => {
    arrange();
    expect(within(await rowOf('alice')).getByText('Has access')).toBeInTheDocument();
    expect(within(await rowOf('bob')).queryByText('Has access')).not.toBeInTheDocument();
    await userEvent.click(within(await rowOf('bob')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(apiClient.post).toHaveBeenCalledWith('users/bob/remote_access_gw/gw-1'));
    await userEvent.click(within(await rowOf('alice')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith('users/alice/remote_access_gw/gw-1'));
  });
});
