import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { useSession } from '@/lib/session.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { RelaysPage } from './relays-page.tsx';
import { relaysSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const item = makeNodeItem;
const page = nodeListPage;
const relayId = fakeId(2, 1);
const nodes = [
  item(1, 'relay-host', { flags: ['relay'] }),
  item(2, 'far-one', { flags: ['relayed'], relayedBy: relayId }),
  item(3, 'far-two', { flags: ['relayed'], relayedBy: relayId }),
  item(4, 'direct-host'),
];

const renderRelays = (search = '') =>
  renderRoute('/networks/$networkId/relays', `/networks/net1/relays${search}`, RelaysPage, {
    validateSearch: relaysSearchSchema,
  });

describe('RelaysPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> lists the relays with how many nodes each relays, and the relayed hosts with their relay by name', async () => {
    signInAs('admin', 'admin');
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderRelays();
    const relays = await screen.findByRole('table', { name: 'Relays' });
    const relayRow = within(relays).getByText('relay-host').closest('tr')!;
    expect(within(relayRow).getByText('2')).toBeInTheDocument();
    const relayed = screen.getByRole('table', { name: 'Relayed hosts' });
    const farRow = within(relayed).getByText('far-one').closest('tr')!;
    expect(within(farRow).getByText('relay-host')).toBeInTheDocument();
    expect(within(relayed).queryByText('direct-host')).not.toBeInTheDocument();
  });

  it('-> when the admin stops relaying one of two nodes, the relay keeps the other in one createrelay request', async () => {
    signInAs('admin', 'admin');
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`POST nodes/net1/${relayId}/createrelay`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderRelays();
    const relayed = await screen.findByRole('table', { name: 'Relayed hosts' });
    await userEvent.click(within(relayed).getByRole('button', { name: 'Actions for far-one' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Stop relaying' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop relaying' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop relaying' }));
    await waitFor(() => expect(sent).toMatchObject({ relayaddrs: [fakeId(2, 3)] }));
    expect(apiClient.delete).not.toHaveBeenCalled();
  });

  it('-> when the admin creates a relay without a host or relayed nodes, names both fields; once chosen, POSTs createrelay as the contract describes', async () => {
    signInAs('admin', 'admin');
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page([...nodes, item(5, 'far-three')]),
      [`POST nodes/net1/${fakeId(2, 4)}/createrelay`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderRelays();
    await userEvent.click(await screen.findByRole('button', { name: 'Create relay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create relay' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create relay' }));
    expect(await within(dialog).findByText('Choose the relay host')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one node to relay')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Relay host/ }));
    await userEvent.click(await screen.findByRole('option', { name: /direct-host/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create relay' }));
    expect(await within(dialog).findByText('Choose at least one node to relay')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose the relay host')).not.toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getAllByLabelText(/Nodes to relay/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: /far-three/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create relay' }));
    await waitFor(() =>
      expect(sent).toEqual({ nodeid: fakeId(2, 4), netid: 'net1', relayaddrs: [fakeId(2, 5)] }),
    );
  }, 40_000);

  it('-> when the admin removes a relay from its row menu and confirms, sends DELETE deleterelay for it', async () => {
    signInAs('admin', 'admin');
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`DELETE nodes/net1/${relayId}/deleterelay`]: () => ({}),
    });
    await renderRelays();
    const relays = await screen.findByRole('table', { name: 'Relays' });
    await userEvent.click(within(relays).getByRole('button', { name: 'Actions for relay-host' }));
    expect(await screen.findByRole('menuitem', { name: 'Change relayed nodes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove relay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove relay' });
    expect(within(dialog).getByText(/relay-host stops relaying/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove relay' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith(`nodes/net1/${relayId}/deleterelay`));
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when a platform user without a network role opens it, shows the tables without create or row menus', async () => {
    signInAs('viewer', 'platform-user');
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderRelays();
    const relays = await screen.findByRole('table', { name: 'Relays' });
    expect(within(relays).getByText('relay-host')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create relay' })).not.toBeInTheDocument();
    expect(within(relays).queryByRole('button', { name: 'Actions for relay-host' })).not.toBeInTheDocument();
  });

  it.each([
    [['read', 'create'], { create: true, change: true, remove: false, stop: true }],
    [['read', 'delete'], { create: false, change: false, remove: true, stop: false }],
  ] as const)(
    '-> when a network role grants %j on relays, offers exactly the buttons whose requests it may send',
    async (scopes, shown) => {
      signInAs('operator', 'platform-user');
      const user = useSession.getState().user!;
      useSession.setState({ user: { ...user, networkPermissions: { net1: { relays: [...scopes] } } } });
      mockApi({ 'GET console/nodes/net1': () => page(nodes) });
      await renderRelays();
      const relays = await screen.findByRole('table', { name: 'Relays' });
      expect(screen.queryByRole('button', { name: 'Create relay' }) !== null).toBe(shown.create);
      await userEvent.click(within(relays).getByRole('button', { name: 'Actions for relay-host' }));
      await screen.findByRole('menu');
      expect(screen.queryByRole('menuitem', { name: 'Change relayed nodes' }) !== null).toBe(shown.change);
      expect(screen.queryByRole('menuitem', { name: 'Remove relay' }) !== null).toBe(shown.remove);
      // Stopping far-one keeps far-two on the relay: a createrelay request, the create scope.
      const relayed = screen.getByRole('table', { name: 'Relayed hosts' });
      expect(within(relayed).queryByRole('button', { name: 'Actions for far-one' }) !== null).toBe(
        shown.stop,
      );
    },
  );

  it('-> without relays, explains what a relay is', async () => {
    signInAs('admin', 'admin');
    mockApi({ 'GET console/nodes/net1': () => page([item(4, 'direct-host')]) });
    await renderRelays();
    expect(await screen.findByText('No relays yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create relay' })).toBeInTheDocument();
  });
});
