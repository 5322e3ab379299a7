import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { DnsPage } from './dns-page.tsx';
import { dnsSearchSchema } from './dns-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

function arrange() {
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
    ...shellRoutes([makeNetworkWire('net1', { addressrange6: 'fd00::/64', isipv6: 'yes' })]),
    'GET dns/adm/net1/nodes': () => [
      { name: 'web-1.net1', address: '100.70.1.1', address6: '', network: 'net1' },
    ],
    'GET dns/adm/net1/custom': () => [
      { name: 'db.net1', address: '100.70.1.2', address6: '', network: 'net1' },
      {
        name: 'github.com',
        address: '100.70.1.3',
        address6: '',
        network: 'net1',
        invalid: 'name: must end in .net1',
      },
    ],
    'GET console/nodes/net1': () => ({
      total: 1,
      offset: 0,
      items: [{ id: 'n1', hostId: 'h1', name: 'web-1', address: '100.70.1.1/32', address6: 'fd00::1/128' }],
    }),
    'POST dns/net1': (body) => ({ address: '', address6: '', network: 'net1', ...(body as object) }),
    'DELETE dns/net1/db.net1': () => 'deleted',
  });
  return renderRoute('/networks/$networkId/dns', '/networks/net1/dns', DnsPage, {
    validateSearch: dnsSearchSchema,
  });
}

describe('DnsPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces('access');
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> lists automatic and custom entries with copy buttons; only custom ones can be deleted', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'DNS entries' });
    expect(await within(table).findByText('web-1.net1')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Copy db.net1' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete web-1.net1' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete db.net1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete DNS entry' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith('dns/net1/db.net1', expect.anything()));
  });

  it('-> shows the network breadcrumb; a search typed in the box goes to the URL and narrows the entries', async () => {
    const { router } = await arrange();
    const table = await screen.findByRole('table', { name: 'DNS entries' });
    expect(await within(table).findByText('web-1.net1')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'net1' })).toHaveAttribute(
      'href',
      '/networks/net1/nodes',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search entries' }), 'db.');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'db.' }));
    expect(within(table).queryByText('web-1.net1')).not.toBeInTheDocument();
    expect(within(table).getByText('db.net1')).toBeInTheDocument();
  });

  it('-> when an entry is added with a node address picked from the list, sends it; an IPv6 goes in address6', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add DNS entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create DNS entry' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /DNS name/ }), 'api.net1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Address to alias/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'fd00::1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith('dns/net1', { name: 'api.net1', address6: 'fd00::1' }),
    );
  });

  it('-> when the name has a space or the address is not an IP, says so and sends nothing', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add DNS entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create DNS entry' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /DNS name/ }), 'bad name');
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Address to alias/ }), '300.1.1.1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    expect(
      await within(dialog).findByText('Use letters, digits, dashes and dots, without spaces'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an IPv4 or IPv6 address')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when the name is not under the network or the address is outside its range, says so and sends nothing (decision 048)', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add DNS entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create DNS entry' });
    const name = within(dialog).getByRole('textbox', { name: /DNS name/ });
    const address = within(dialog).getByRole('combobox', { name: /Address to alias/ });
    await userEvent.type(name, 'github.com');
    await userEvent.type(address, '100.70.1.9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    expect(await within(dialog).findByText(/The name must end in \.net1/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'pypi.net1');
    await userEvent.clear(address);
    await userEvent.type(address, '8.8.8.8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    expect(
      await within(dialog).findByText('Use an address inside the network (100.70.1.0/24, fd00::/64)'),
    ).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when a stored entry breaks the rules, shows it as not sent, with why, and it can still be deleted', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'DNS entries' });
    const row = (await within(table).findByText('github.com')).closest('tr')!;
    expect(within(row).getByText('Not sent')).toBeInTheDocument();
    await userEvent.hover(within(row).getByText('Not sent'));
    expect(await screen.findByText(/not sent to hosts: name: must end in \.net1/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete github.com' })).toBeEnabled();
    expect(within(table).getAllByText('Custom')).toHaveLength(1);
  });
});
