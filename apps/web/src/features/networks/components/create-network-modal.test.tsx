import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const NAME_MESSAGE =
  'Please enter a network name. Valid characters are a-z, 0-9, space, underscore (_) and hypen (-)';
const LAN_WARNING =
  'This IP range is commonly used for LANs. Confirm that it does not overlap with your home or office network.';

async function openForm(post: (body: unknown) => unknown = (body) => body) {
  storeSignedInSession();
  const existing = [makeNetworkWire('taken')];
  // Like the server: a created network is in the next GET networks.
  const handlePost = (body: unknown) => {
    const created = post(body);
    existing.push(makeNetworkWire((body as { netid: string }).netid));
    return created;
  };
  mockApi({ ...shellRoutes(existing), 'POST networks': handlePost });
  const rendered = renderApp('/dashboard');
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: 'Create Network' }))[0]!);
  const dialog = within(await screen.findByRole('dialog', { name: 'Create a Network' }));
  const submit = () => user.click(dialog.getByRole('button', { name: 'Create Network' }));
  return { ...rendered, user, dialog, submit };
}

describe('CreateNetworkModal', () => {
  it('when opened, then IPv4 is on with a random 100.64/10 range, IPv6 off and ALLOW chosen', async () => {
    const { dialog } = await openForm();
    expect(dialog.getByRole('switch', { name: 'IPv4' })).toBeChecked();
    expect(dialog.getByRole('switch', { name: 'IPv6' })).not.toBeChecked();
    expect(dialog.getByLabelText<HTMLInputElement>('IPv4 address range').value).toMatch(
      /^100\.\d+\.\d+\.0\/24$/,
    );
    expect(dialog.getByRole('radio', { name: 'ALLOW' })).toBeChecked();
  });

  it.each(['', '   ', 'bad!name', 'ünïcode'])(
    'when the name is %j, then the spec message blocks the submit',
    async (name) => {
      const { dialog, user, submit } = await openForm();
      if (name) await user.type(dialog.getByLabelText(/^Network name/), name);
      await submit();
      expect(await dialog.findByText(NAME_MESSAGE)).toBeInTheDocument();
    },
  );

  it('when the name is already a network, then the duplicate is refused before any request', async () => {
    const { dialog, user, submit } = await openForm();
    await user.type(dialog.getByLabelText(/^Network name/), 'Taken');
    await submit();
    expect(await dialog.findByText('A network with this name already exists')).toBeInTheDocument();
  });

  it('when the ranges are invalid, then each family says so; with both off, one must be chosen', async () => {
    const { dialog, user, submit } = await openForm();
    await user.type(dialog.getByLabelText(/^Network name/), 'lab');
    await user.clear(dialog.getByLabelText('IPv4 address range'));
    await user.type(dialog.getByLabelText('IPv4 address range'), '10.0.0.0/33');
    await user.click(dialog.getByRole('switch', { name: 'IPv6' }));
    await user.clear(dialog.getByLabelText('IPv6 address range'));
    await user.type(dialog.getByLabelText('IPv6 address range'), '10.0.0.0/24');
    await submit();
    expect(await dialog.findByText('Address range must be a valid IPv4 CIDR')).toBeInTheDocument();
    expect(dialog.getByText('Address range must be a valid IPv6 CIDR')).toBeInTheDocument();
    await user.click(dialog.getByRole('switch', { name: 'IPv4' }));
    await user.click(dialog.getByRole('switch', { name: 'IPv6' }));
    await submit();
    expect(await dialog.findByText('Turn on IPv4, IPv6 or both')).toBeInTheDocument();
  });

  it('when the range is a LAN range, then the warning shows but does not block; the body follows the wire rules', async () => {
    const post = vi.fn((body: unknown) => makeNetworkWire('my-office-net', body as object));
    const { dialog, user, submit, history } = await openForm(post);
    await user.type(dialog.getByLabelText(/^Network name/), '  My Office Net ');
    await user.clear(dialog.getByLabelText('IPv4 address range'));
    await user.type(dialog.getByLabelText('IPv4 address range'), '192.168.10.0/24');
    expect(dialog.getByText(LAN_WARNING)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'DENY' }));
    await submit();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toMatchObject({
      netid: 'my-office-net',
      addressrange: '192.168.10.0/24',
      addressrange6: '',
      isipv4: 'yes',
      isipv6: 'no',
      defaultacl: 'no',
      defaultkeepalive: 20,
      defaultmtu: 1280,
    });
    expect(await screen.findByText('Network my-office-net created')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/networks/my-office-net/nodes'));
    expect(localStorage.getItem('meshdeck.active-network')).toBe('my-office-net');
  });

  it('when the server refuses, then "Failed to create network" shows with its Message and the form stays', async () => {
    const { dialog, user, submit } = await openForm(() => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        message: 'network cidr already in use',
        path: 'networks',
      });
    });
    await user.type(dialog.getByLabelText(/^Network name/), 'lab');
    await submit();
    expect(await screen.findByText('Failed to create network')).toBeInTheDocument();
    expect(screen.getByText('network cidr already in use')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a Network' })).toBeInTheDocument();
  });

  it('when closing after typing, then the unsaved-changes question is asked; untouched, it closes at once', async () => {
    const { dialog, user } = await openForm();
    await user.type(dialog.getByLabelText(/^Network name/), 'lab');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Closing the modal will lose any unsaved changes. Do you want to proceed?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a Network' })).toBeNull());
  });
});
