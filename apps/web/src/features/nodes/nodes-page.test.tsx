import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import type { NodeListItem } from '@meshdeck/contracts';
import { fakeId, makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { useSession } from '@/lib/session.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { NodesPage } from './nodes-page.tsx';
import { nodesSearchSchema } from './nodes-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const item = makeNodeItem;
const page = nodeListPage;
const nodes = [
  item(1, 'relay-host', { flags: ['relay'] }),
  item(2, 'egress-host', { flags: ['egress'], status: 'warning' }),
  item(3, 'quiet-host', { status: 'offline' }),
];

const renderNodes = (search = '') =>
  renderRoute('/networks/$networkId/nodes', `/networks/net1/nodes${search}`, NodesPage, {
    validateSearch: nodesSearchSchema,
  });
const table = () => screen.getByRole('table', { name: 'Nodes' });

describe('NodesPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when the URL asks for relays, shows only relays; choosing Egress puts type=egress in the URL', async () => {
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    const { router } = await renderNodes('?type=relays');
    expect(await within(table()).findByText('relay-host')).toBeInTheDocument();
    expect(within(table()).queryByText('egress-host')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Egress' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 'egress' }));
    expect(await within(table()).findByText('egress-host')).toBeInTheDocument();
    expect(within(table()).queryByText('relay-host')).not.toBeInTheDocument();
  });

  it('-> when a node carries tags, its row shows them by name, without the network prefix', async () => {
    mockApi({
      'GET console/nodes/net1': () =>
        page([
          item(1, 'tagged-host', { tags: ['net1.web servers', 'net1.gateways'] }),
          item(2, 'plain-host'),
        ]),
    });
    await renderNodes();
    expect(await within(table()).findByText('web servers')).toBeInTheDocument();
    expect(within(table()).getByText('gateways')).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: 'Tags' })).toBeInTheDocument();
  });

  it('-> when the URL has a status and a search, applies both and keeps the other parameters', async () => {
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    const { router } = await renderNodes('?status=offline&sort=-name');
    expect(await within(table()).findByText('quiet-host')).toBeInTheDocument();
    expect(within(table()).queryByText('relay-host')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Search name/ }), 'nothing-matches');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        status: 'offline',
        sort: '-name',
        search: 'nothing-matches',
      }),
    );
    expect(within(table()).queryByText('quiet-host')).not.toBeInTheDocument();
  });

  it('-> while every row downloads, shows the first rows the server cut for the URL filters, then the whole list', async () => {
    let sendAll: (value: unknown) => void = () => undefined;
    const all = new Promise((resolve) => (sendAll = resolve));
    vi.mocked(apiClient.get).mockImplementation((_path, options) =>
      options?.query?.limit === undefined ? all : Promise.resolve(page([nodes[2] as NodeListItem])),
    );
    await renderNodes('?status=offline&sort=-name&host=h1');
    expect(await within(table()).findByText('quiet-host')).toBeInTheDocument();
    expect(apiClient.get).toHaveBeenCalledWith('console/nodes/net1', {
      schema: expect.anything() as unknown,
      signal: expect.anything() as unknown,
      query: { sort: '-name', status: 'offline', limit: '100' },
    });
    const offline = item(4, 'another-offline', { status: 'offline' });
    sendAll(page([...nodes, offline]));
    expect(await within(table()).findByText('another-offline')).toBeInTheDocument();
    expect(within(table()).getByText('quiet-host')).toBeInTheDocument();
    expect(within(table()).queryByText('relay-host')).not.toBeInTheDocument();
  });

  it('-> with 10,000 nodes, keeps only a window of rows in the DOM', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => item(i, `host-${String(i).padStart(5, '0')}`));
    mockApi({ 'GET console/nodes/net1': () => page(many) });
    await renderNodes();
    expect(await within(table()).findByText('host-00000')).toBeInTheDocument();
    const rows = within(table())
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-id'));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(100);
    expect(table()).toHaveAttribute('aria-rowcount', '10000');
  });

  it('-> when a bulk delete partly fails, reports which nodes failed and why', async () => {
    signInAs('admin', 'admin');
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`DELETE nodes/net1/${fakeId(2, 1)}`]: () => null,
      [`DELETE nodes/net1/${fakeId(2, 2)}`]: () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          message: 'node is a relay of others',
          path: 'nodes',
        });
      },
    });
    await renderNodes('?sort=name');
    await within(table()).findByText('relay-host');
    const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
    await userEvent.click(within(rowOf('relay-host')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('egress-host')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete selected' });
    expect(within(dialog).getByText('Delete 2 nodes?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('1 deleted, 1 failed.')).toBeInTheDocument();
    expect(screen.getByText('egress-host: node is a relay of others')).toBeInTheDocument();
  });

  it('-> when a platform user without a network role opens the nodes, shows them without checkboxes, delete or row menu', async () => {
    signInAs('viewer', 'platform-user');
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderNodes();
    expect(await within(table()).findByText('relay-host')).toBeInTheDocument();
    expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: 'Actions for relay-host' })).not.toBeInTheDocument();
  });

  it('-> when the user administers this network through its admin group, offers the checkboxes and the row menu', async () => {
    signInAs('net-admin', 'platform-user');
    const user = useSession.getState().user!;
    useSession.setState({ user: { ...user, adminNetworkIds: ['net1'] } });
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderNodes();
    await within(table()).findByText('relay-host');
    expect(within(table()).getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(within(table()).getByRole('button', { name: 'Actions for relay-host' })).toBeInTheDocument();
  });

  it('-> when a network role grants update on hosts only, offers the row menu but no checkboxes or bulk delete', async () => {
    signInAs('editor', 'platform-user');
    const user = useSession.getState().user!;
    useSession.setState({ user: { ...user, networkPermissions: { net1: { hosts: ['read', 'update'] } } } });
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderNodes();
    await within(table()).findByText('relay-host');
    expect(within(table()).getByRole('button', { name: 'Actions for relay-host' })).toBeInTheDocument();
    expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('-> when a network role grants delete on hosts, offers the checkboxes for a bulk delete', async () => {
    signInAs('remover', 'platform-user');
    const user = useSession.getState().user!;
    useSession.setState({ user: { ...user, networkPermissions: { net1: { hosts: ['read', 'delete'] } } } });
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderNodes();
    await within(table()).findByText('relay-host');
    expect(within(table()).getAllByRole('checkbox').length).toBeGreaterThan(0);
  });

  it('-> when the network is DENY and no policy is on, says nothing is allowed yet and links to the first policy', async () => {
    signInAs('admin', 'super-admin');
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET networks': () => [makeNetworkWire('net1', { defaultacl: 'no' })],
      'GET v1/acls': () => ({ Code: 200, Message: '', Response: [] }),
    });
    const { router } = await renderNodes();
    expect(await screen.findByText('Nothing is allowed in this network yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add the first policy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/networks/net1/access-control'));
    expect(router.state.location.search).toMatchObject({ add: true });
  });

  it('-> while the nodes load, shows a loading status and no empty state; an empty network then offers a platform admin Add a device, linking to the wizard', async () => {
    signInAs('admin', 'super-admin');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET console/nodes/net1': async () => {
        await held;
        return page([]);
      },
      'GET networks': () => [makeNetworkWire('net1')],
      'GET v1/acls': () => ({ Code: 200, Message: '', Response: [] }),
    });
    await renderNodes();
    expect(await screen.findByRole('status', { name: 'Loading Nodes…' })).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();
    release();
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No nodes in this network yet');
    expect(within(empty).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/hosts-new');
    expect(screen.queryByRole('status', { name: 'Loading Nodes…' })).not.toBeInTheDocument();
  });

  it('-> when the search hides every node, says nothing matches instead of the empty state', async () => {
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderNodes('?search=no-such-node');
    expect(await screen.findByTestId('table-no-match')).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();
  });

  it('-> when the nodes cannot be read, shows the reason and a retry that reads again', async () => {
    let calls = 0;
    mockApi({
      'GET console/nodes/net1': () => {
        calls += 1;
        if (calls <= 2)
          throw new ApiError({ kind: 'http', status: 500, message: 'database down', path: 'x' });
        return page(nodes);
      },
    });
    await renderNodes();
    expect(await screen.findByText('database down')).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(table()).findByText('relay-host')).toBeInTheDocument();
  });
});
