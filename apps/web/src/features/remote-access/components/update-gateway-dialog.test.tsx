import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { UpdateGatewayDialog } from './update-gateway-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const gateway: GatewayRow = {
  id: 'gw-1',
  network: 'net1',
  hostId: 'host-1',
  name: 'edge-host',
  os: 'linux',
  address: '100.70.1.7/24',
  address6: '',
  endpoint: '198.51.100.7',
  status: 'online',
  isGateway: true,
  isInternetGateway: false,
  dns: '1.1.1.1',
  mtu: 1420,
  keepalive: 20,
  metadata: 'office',
  additionalEndpoints: [],
};

function arrange() {
  const onClose = vi.fn();
  mockApi({ 'PUT nodes/net1/gw-1': (body) => body });
  renderUi(<UpdateGatewayDialog gateway={gateway} onClose={onClose} />);
  return { onClose };
}
const endpoints = () => screen.getByLabelText('Additional endpoints', { selector: 'input' });

describe('UpdateGatewayDialog', () => {
  it('-> when an additional endpoint is not an IP address, says so and sends nothing', async () => {
    arrange();
    await userEvent.type(endpoints(), 'vpn.example.com{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Each additional endpoint must be an IP address')).toBeInTheDocument();
    expect(apiClient.put).not.toHaveBeenCalled();
  });

  it('-> when saved, sends only the gateway fields (never the whole node) with the new endpoint and keepalive', async () => {
    const { onClose } = arrange();
    await userEvent.type(endpoints(), '203.0.113.9{enter}');
    const keepalive = screen.getByRole('textbox', { name: 'Persistent keepalive (seconds)' });
    await userEvent.clear(keepalive);
    await userEvent.type(keepalive, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiClient.put).toHaveBeenCalledWith('nodes/net1/gw-1', {
      ingressdns: '1.1.1.1',
      ingressmtu: 1420,
      ingresspersistentkeepalive: 25,
      metadata: 'office',
      additional_rag_ips: ['203.0.113.9'],
    });
  });
});
