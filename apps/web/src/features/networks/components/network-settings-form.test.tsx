import { toNetwork } from '@meshdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { NetworkSettingsForm } from './network-settings-form.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const network = toNetwork(makeNetworkWire('neta'));
const renderForm = () =>
  renderRoute('/networks/$networkId/info', '/networks/neta/info', () => (
    <NetworkSettingsForm network={network} />
  ));

describe('NetworkSettingsForm permissions (spec 6)', () => {
  it('-> when a platform user opens the settings, every field is read-only', async () => {
    signInAs('viewer', 'platform-user');
    await renderForm();
    expect(await screen.findByRole('textbox', { name: /DNS/ })).toBeDisabled();
    for (const input of screen.getAllByRole('switch')) expect(input).toBeDisabled();
  });

  it('-> when a platform admin changes a field, the form offers to save it', async () => {
    signInAs('admin-one', 'admin');
    await renderForm();
    const dns = await screen.findByRole('textbox', { name: /DNS/ });
    expect(dns).toBeEnabled();
    await userEvent.type(dns, '1.1.1.1');
    expect(await screen.findByRole('button', { name: 'Update Network' })).toBeInTheDocument();
  });
});

describe('NetworkSettingsForm internet fail mode (issue 31)', () => {
  it('-> when an admin switches the internet-gateway clients to fail open and saves, the PUT carries internetfailmode "open"', async () => {
    signInAs('admin-one', 'admin');
    const { apiClient } = await import('@/lib/api-client.ts');
    vi.mocked(apiClient.put).mockResolvedValue({ ...makeNetworkWire('neta'), internetfailmode: 'open' });
    await renderForm();
    expect(await screen.findByRole('radio', { name: 'Fail closed' })).toBeChecked();
    await userEvent.click(screen.getByText('Fail open'));
    await userEvent.click(await screen.findByRole('button', { name: 'Update Network' }));
    expect(apiClient.put).toHaveBeenCalledWith(
      'networks/neta',
      expect.objectContaining({ internetfailmode: 'open', defaultkeepalive: network.defaultKeepalive }),
      expect.anything(),
    );
  });
});
