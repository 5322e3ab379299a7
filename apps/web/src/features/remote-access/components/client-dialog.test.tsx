import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { ClientDialog } from './client-dialog.tsx';
import { mockElementSize } from '@/test/layout.ts';

// jsdom sizes every element 0x0: an open dropdown's positioning would find its input clipped and hide the list.
beforeEach(() => mockElementSize());

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const row = (id: string, name: string, isGateway: boolean): GatewayRow => ({
  id,
  network: 'net1',
  hostId: `host-${id}`,
  name,
  os: 'linux',
  address: '100.70.1.1/24',
  address6: '',
  endpoint: '198.51.100.1',
  status: 'online',
  isGateway,
  isInternetGateway: false,
  dns: '',
  mtu: 1420,
  keepalive: 20,
  metadata: '',
  additionalEndpoints: [],
});
const gateway = row('gw-1', 'gateway-host', true);
const plainNode = row('node-2', 'plain-host', false);

function arrange() {
  const onClose = vi.fn();
  mockApi({
    'POST extclients/net1/gw-1': (body) => ({ ...(body as object) }),
    'POST nodes/net1/node-2/createingress': () => ({}),
    'POST extclients/net1/node-2': (body) => ({ ...(body as object) }),
  });
  renderUi(
    <ClientDialog
      opened
      networkId="net1"
      networkRanges={['100.70.1.0/24']}
      gateways={[gateway]}
      candidates={[plainNode]}
      isPro={false}
      onClose={onClose}
    />,
  );
  return { onClose };
}

const clientId = () => screen.getByRole('textbox', { name: /Client ID/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create config' }));

describe('ClientDialog', () => {
  it.each([
    ['has a space', 'my laptop', 'The client id should not have spaces'],
    [
      'has 4 characters',
      'abcd',
      'Please enter a client id, with a minimum of 5 characters and a maximum of 32 characters.',
    ],
    [
      'has 33 characters',
      'a'.repeat(33),
      'Please enter a client id, with a minimum of 5 characters and a maximum of 32 characters.',
    ],
    ['has other characters', 'laptop_01', 'The client id may only contain letters, digits and dashes'],
  ])('-> when the client id %s, shows the spec message and sends nothing', async (_case, value, message) => {
    arrange();
    await userEvent.type(clientId(), value);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when an additional address overlaps the network range or a script is too long, says which and sends nothing', async () => {
    arrange();
    await userEvent.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await userEvent.type(
      screen.getByLabelText('Additional addresses', { selector: 'input' }),
      '100.70.1.128/25{enter}',
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'PostUp' }));
    await userEvent.paste('x'.repeat(1025));
    await submit();
    expect(await screen.findByText("100.70.1.128/25 overlaps the network's own range")).toBeInTheDocument();
    expect(screen.getByText('At most 1024 characters')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when the only gateway is preselected and the id is valid, posts the client to that gateway without a private key', async () => {
    const { onClose } = arrange();
    await userEvent.type(clientId(), 'alice-laptop');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiClient.post).toHaveBeenCalledTimes(1);
    const [path, body] = vi.mocked(apiClient.post).mock.calls[0] ?? [];
    expect(path).toBe('extclients/net1/gw-1');
    expect(body).toMatchObject({ clientid: 'alice-laptop', enabled: true, extraallowedips: [] });
    expect(body).not.toHaveProperty('privatekey');
  });

  it('-> when a host that is not a gateway is chosen, promotes it (createingress) and then creates the client on it', async () => {
    const { onClose } = arrange();
    await userEvent.click(screen.getByRole('combobox', { name: /Remote access gateway/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'plain-host' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Default client DNS/ }), '1.1.1.1');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(apiClient.post).mock.calls.map((call) => call[0])).toEqual([
      'nodes/net1/node-2/createingress',
      'extclients/net1/node-2',
    ]);
    expect(vi.mocked(apiClient.post).mock.calls[0]?.[1]).toMatchObject({
      extclientdns: '1.1.1.1',
      mtu: 1420,
      persistentkeepalive: 20,
    });
  });
});

describe('ClientDialog (edit)', () => {
  it('-> when an existing client is renamed, sends PUT with the new id, its enabled state and no keys', async () => {
    const onClose = vi.fn();
    mockApi({ 'PUT extclients/net1/old-name': (body) => body });
    renderUi(
      <ClientDialog
        opened
        networkId="net1"
        networkRanges={['100.70.1.0/24']}
        gateways={[gateway]}
        candidates={[]}
        client={{
          id: 'old-name',
          clientId: 'old-name',
          network: 'net1',
          address: '100.70.1.9',
          address6: '',
          publicKey: 'cHVibGljLWtleS1wdWJsaWMta2V5LXB1YmxpYy1rZXk9',
          privateKey: undefined,
          hasOwnKeyPair: false,
          dns: ['9.9.9.9'],
          extraAllowedIps: [],
          gatewayNodeId: 'gw-1',
          gatewayEndpoint: '198.51.100.1:51821',
          lastModified: undefined,
          isEnabled: false,
          ownerId: 'alice',
          postUp: '',
          postDown: '',
          tags: [],
          remoteAccessClientId: '',
        }}
        isPro={false}
        onClose={onClose}
      />,
    );
    const id = screen.getByRole('textbox', { name: /Client ID/ });
    await userEvent.clear(id);
    await userEvent.type(id, 'new-name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, body] = vi.mocked(apiClient.put).mock.calls[0] ?? [];
    expect(path).toBe('extclients/net1/old-name');
    expect(body).toMatchObject({ clientid: 'new-name', enabled: false, dns: '9.9.9.9' });
    expect(body).not.toHaveProperty('privatekey');
    expect(body).not.toHaveProperty('publickey');
  });
});
