import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { AddGatewayDialog } from './add-gateway-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const candidate: GatewayRow = {
  id: 'node-1',
  network: 'net1',
  hostId: 'host-1',
  name: 'edge-host',
  os: 'linux',
  address: '100.70.1.7/24',
  address6: '',
  endpoint: '198.51.100.7',
  status: 'online',
  isGateway: false,
  isInternetGateway: false,
  dns: '',
  mtu: 0,
  keepalive: 0,
  metadata: '',
  additionalEndpoints: [],
};

function arrange(isPro = true) {
  const onClose = vi.fn();
  mockApi({ 'POST nodes/net1/node-1/createingress': () => ({}) });
  renderUi(
    <AddGatewayDialog opened networkId="net1" candidates={[candidate]} isPro={isPro} onClose={onClose} />,
  );
  return { onClose };
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create gateway' }));

describe('AddGatewayDialog', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when no host is chosen, asks for one and sends nothing', async () => {
    arrange();
    await submit();
    expect(await screen.findByText('Choose the host that becomes the gateway')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when the internet-gateway switch is on without DNS, or the MTU is out of range, says so', async () => {
    arrange();
    await userEvent.click(await screen.findByRole('radio', { name: 'Choose edge-host' }));
    await userEvent.click(screen.getByRole('switch', { name: /Internet gateway/ }));
    const mtu = screen.getByRole('textbox', { name: 'Client config MTU' });
    await userEvent.clear(mtu);
    await userEvent.type(mtu, '70000');
    await submit();
    expect(await screen.findByText('An internet gateway needs a default client DNS')).toBeInTheDocument();
    expect(screen.getByText('The MTU must be a whole number from 0 to 65535')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when a host is chosen, shows its details and posts createingress with the defaults MTU 1420 and keepalive 20', async () => {
    const { onClose } = arrange(false);
    expect(screen.queryByRole('switch', { name: /Internet gateway/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText('edge-host'));
    expect(screen.getByText('Selected host details')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Default client DNS/ }), '9.9.9.9');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiClient.post).toHaveBeenCalledWith('nodes/net1/node-1/createingress', {
      extclientdns: '9.9.9.9',
      is_internet_gw: false,
      metadata: '',
      persistentkeepalive: 20,
      mtu: 1420,
    });
  });
});
