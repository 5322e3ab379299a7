import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeApiHost, makeApiNode, fakeId } from '@/test/mesh-fixtures.ts';
import { makeRoleWire } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import { mockElementSize } from '@/test/layout.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { CreateNetworkRolePage, NetworkRolePage } from './network-role-page.tsx';

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
// jsdom sizes every element 0x0: an open dropdown's positioning would hide the network list.
beforeEach(() => mockElementSize());

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

  it('-> when an admin creates a role with the read-only preset, POSTs read on every resource type and nothing else', async () => {
    mockApi({
      'GET networks': () => [makeNetworkWire('net1')],
      'GET nodes/net1': () => [],
      'GET hosts': () => [],
      'POST v1/users/role': () => env(null),
    });
    await renderRoute('/users/create-network-role', '/users/create-network-role', () => (
      <CreateNetworkRolePage />
    ));
    await userEvent.type(await screen.findByRole('textbox', { name: /Role name/ }), 'viewers');
    await userEvent.click(screen.getByRole('combobox', { name: /Network/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'net1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read only' }));
    expect(screen.getByRole('checkbox', { name: 'View: DNS entries' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete: DNS entries' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(apiClient.post).toHaveBeenCalled());
    const body = vi.mocked(apiClient.post).mock.calls[0]?.[1] as {
      network_id: string;
      network_level_access: Record<string, Record<string, Record<string, boolean>>>;
    };
    expect(body.network_id).toBe('net1');
    expect(body.network_level_access.hosts).toEqual({
      all_hosts: expect.objectContaining({ read: true, create: false, update: false, delete: false }),
    });
    expect(body.network_level_access).not.toHaveProperty('extclients.all_extclients.self_only', true);
    const granted = Object.values(body.network_level_access).flatMap((byId) => Object.values(byId));
    expect(granted.every((scopes) => !scopes.create && !scopes.update && !scopes.delete)).toBe(true);
  });

  it('-> when a role grants update on DNS, the matrix shows it checked with view, and unchecking view clears the row', async () => {
    mockApi({
      'GET networks': () => [makeNetworkWire('net1')],
      'GET v1/users/role': () =>
        env(
          makeRoleWire('dns-editors', {
            default: false,
            network_id: 'net1',
            network_level_access: {
              dns: {
                all_dns: {
                  create: false,
                  read: true,
                  update: true,
                  delete: false,
                  vpn_access: false,
                  self_only: false,
                },
              },
            },
          }),
        ),
      'GET nodes/net1': () => [],
      'GET hosts': () => [],
      'PUT v1/users/role': () => env(null),
    });
    await renderRoute('/users/network-role/$roleId', '/users/network-role/dns-editors', () => (
      <NetworkRolePage roleId="dns-editors" />
    ));
    const update = await screen.findByRole('checkbox', { name: 'Update: DNS entries' });
    expect(update).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'View: DNS entries' }));
    expect(update).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Create: Tags' }));
    expect(screen.getByRole('checkbox', { name: 'View: Tags' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    const body = vi.mocked(apiClient.put).mock.calls[0]?.[1] as {
      network_level_access: Record<string, unknown>;
    };
    expect(body.network_level_access).not.toHaveProperty('dns');
    expect(body.network_level_access.tag).toEqual({
      all_tag: expect.objectContaining({ read: true, create: true, update: false }),
    });
  });
});
