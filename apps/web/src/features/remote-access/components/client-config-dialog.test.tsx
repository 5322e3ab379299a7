import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type { ClientRow } from '../api/client-row.ts';
import { ClientConfigDialog } from './client-config-dialog.tsx';
import { mockElementSize } from '@/test/layout.ts';

// jsdom sizes every element 0x0: an open dropdown's positioning would find its input clipped and hide the list.
beforeEach(() => mockElementSize());

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const client: ClientRow = {
  id: 'alice-laptop',
  clientId: 'alice-laptop',
  network: 'net1',
  address: '100.70.1.50',
  address6: '',
  publicKey: '',
  privateKey: undefined,
  hasOwnKeyPair: false,
  dns: [],
  extraAllowedIps: [],
  gatewayNodeId: 'gw-1',
  gatewayEndpoint: '198.51.100.1:51821',
  lastModified: undefined,
  isEnabled: true,
  ownerId: 'alice',
  postUp: '',
  postDown: '',
  tags: [],
  remoteAccessClientId: '',
};
const configText = (endpoint: string) =>
  `[Interface]\nAddress = 100.70.1.50/32\nPrivateKey = secret\n\n[Peer]\nEndpoint = ${endpoint}:51821\n`;
const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function arrange(endpoints: string[] = ['198.51.100.1']) {
  vi.mocked(apiClient.get).mockImplementation((path, options) => {
    const preferred = String(options?.query?.preferredip ?? '198.51.100.1');
    if (path === 'extclients/net1/alice-laptop/file') return Promise.resolve(configText(preferred));
    if (path === 'extclients/net1/alice-laptop/qr') return Promise.resolve(PNG);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  renderUi(<ClientConfigDialog client={client} endpoints={endpoints} onClose={vi.fn()} />);
}

describe('ClientConfigDialog', () => {
  it('-> shows the config text from the file route, with copy and a download named <clientid>.conf', async () => {
    arrange();
    expect(await screen.findByText(/PrivateKey = secret/)).toBeInTheDocument();
    expect(screen.getByText('alice-laptop.conf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the config' })).toBeInTheDocument();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('alice-laptop.conf');
    });
    URL.createObjectURL = vi.fn(() => 'blob:config');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]).toMatchObject({ responseType: 'text' });
    click.mockRestore();
  });

  it('-> shows the QR code image read as binary from the qr route', async () => {
    arrange();
    await userEvent.click(screen.getByRole('tab', { name: 'QR code' }));
    const image = await screen.findByRole('img', { name: 'QR code of the config of alice-laptop' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(apiClient.get).toHaveBeenCalledWith(
      'extclients/net1/alice-laptop/qr',
      expect.objectContaining({ responseType: 'blob' }),
    );
  });

  it('-> offers the QR code as a PNG download named <clientid>.png', async () => {
    arrange();
    await userEvent.click(screen.getByRole('tab', { name: 'QR code' }));
    const download = await screen.findByRole('link', { name: 'Download QR code (PNG)' });
    expect(download).toHaveAttribute('download', 'alice-laptop.png');
    expect(download.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
  });

  it('-> when the gateway has several public addresses, the chosen one is sent as preferredip', async () => {
    arrange(['198.51.100.1', '203.0.113.9']);
    await screen.findByText(/Endpoint = 198.51.100.1/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Gateway address' }));
    await userEvent.click(await screen.findByRole('option', { name: '203.0.113.9' }));
    expect(await screen.findByText(/Endpoint = 203.0.113.9/)).toBeInTheDocument();
    await waitFor(() =>
      expect(apiClient.get).toHaveBeenCalledWith(
        'extclients/net1/alice-laptop/file',
        expect.objectContaining({ query: { preferredip: '203.0.113.9' } }),
      ),
    );
  });
});
