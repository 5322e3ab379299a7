import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeApiHost, makeApiNode, fakeId } from '@/test/mesh-fixtures.ts';
import { makeRoleWire } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { NetworkRolePage } from './network-role-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const gateway = makeApiNode({
  id: fakeId(2, 1),
  hostid: fakeId(1, 1),
  network: 'net1',
  isingressgateway: true,
});
const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });

describe('NetworkRolePage', () => {
  it('-> when a custom role gains VPN access through a gateway, PUTs the gateway with read and vpn_access', async () => {
    mockApi({
      'GET networks': () => [makeNetworkWire('net1')],
      'GET v1/users/role': () =>
        env(makeRoleWire('vpn-only', { default: false, network_id: 'net1', network_level_access: {} })),
      'GET nodes/net1': () => [gateway],
      'GET hosts': () => [makeApiHost({ id: fakeId(1, 1), name: 'edge-gw' })],
      'PUT v1/users/role': () => env(null),
    });
    await renderRoute('/users/network-role/$roleId', '/users/network-role/vpn-only', () => (
      <NetworkRolePage roleId="vpn-only" />
    ));
    await userEvent.click(await screen.findByRole('switch', { name: 'edge-gw' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    const body = vi.mocked(apiClient.put).mock.calls[0]?.[1] as {
      network_level_access: Record<string, unknown>;
    };
    expect(body.network_level_access.remote_access_gw).toEqual({
      [fakeId(2, 1)]: expect.objectContaining({ read: true, vpn_access: true, delete: false }),
    });
  });

  it('-> when the role is a default one, the form is read-only and delete is disabled', async () => {
    mockApi({
      'GET networks': () => [makeNetworkWire('net1')],
      'GET v1/users/role': () =>
        env(makeRoleWire('net1-network-admin', { network_id: 'net1', full_access: true })),
    });
    await renderRoute('/users/network-role/$roleId', '/users/network-role/net1-network-admin', () => (
      <NetworkRolePage roleId="net1-network-admin" />
    ));
    expect(
      await screen.findByText('Default roles are managed by the server and cannot be changed or deleted'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
