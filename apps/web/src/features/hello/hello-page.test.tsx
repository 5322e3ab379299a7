import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { mockApi, type MockHandler } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { HelloPage } from './hello-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const wireKey = (networks: string[]) => ({
  value: 'OFFICEKEYAAAAAAAAAAAAAAAAAAAAAAA',
  token: 'token',
  tags: ['office-key'],
  networks,
  expiration: '0001-01-01T00:00:00Z',
  uses_remaining: 0,
  unlimited: true,
  type: 3,
  relay: '',
  groups: [],
  default: false,
  auto_egress: false,
  auto_assign_gw: false,
});

const health = (healthy: number, measured = 0) => ({
  networks: [
    {
      network: 'office',
      nodes: { healthy, unstable: 0, error: 0, offline: 0, unknown: 0 },
      pairs: { measured, unreachable: 0, relayed: 0, blocked: 0 },
      lagging: 0,
    },
  ],
  problem_pairs: [],
  lagging_nodes: [],
});

const defaultAcl = {
  id: 'office.all-nodes',
  default: true,
  meta_data: '',
  name: 'All nodes',
  network_id: 'office',
  policy_type: 'device-policy',
  src_type: [],
  dst_type: [],
  allowed_traffic_direction: 1,
  enabled: true,
  created_by: '',
  created_at: '',
  protocol: 'all',
  type: 'all',
  ports: [],
};

const never = () => new Promise(() => undefined);

function arrange(routes: Partial<Record<`GET ${string}`, MockHandler>>) {
  storeSignedInSession('super-admin');
  mockApi({
    'GET networks': () => [makeNetworkWire('office')],
    'GET v1/enrollment-keys': () => [wireKey(['office'])],
    'GET v1/metrics-health': () => health(1),
    'GET v1/acls': () => ({ Code: 200, Message: '', Response: [defaultAcl] }),
    'GET console/nodes/office': () => ({ total: 1, offset: 0, items: [] }),
    'GET extclients/office': () => [],
    ...routes,
  });
  return renderRoute('/hello', '/hello', HelloPage);
}

const step = (id: string) => document.querySelector(`[data-step="${id}"]`) as HTMLElement;

describe('HelloPage', () => {
  beforeAll(async () => {
    await i18next.loadNamespaces(['hello', 'pages']);
  });

  it('-> while the server is read, says it is checking and ticks nothing, offering no action yet', async () => {
    await arrange({
      'GET v1/enrollment-keys': never,
      'GET v1/metrics-health': never,
      'GET v1/acls': never,
      'GET console/nodes/office': never,
      'GET extclients/office': never,
    });
    await vi.waitFor(() => expect(step('network')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your setup…');
    for (const id of ['key', 'device', 'online', 'mesh', 'laptop', 'policy'])
      expect(step(id)).toHaveAttribute('data-state', 'loading');
    expect(screen.queryByRole('link', { name: 'Create a key' })).not.toBeInTheDocument();
  });

  it('-> when a read fails, that step shows the reason with Retry, which ticks it once the read answers', async () => {
    let calls = 0;
    await arrange({
      'GET v1/enrollment-keys': () => {
        calls += 1;
        if (calls === 1)
          throw new ApiError({
            kind: 'http',
            status: 500,
            message: 'keys unavailable',
            path: 'v1/enrollment-keys',
          });
        return [wireKey(['office'])];
      },
    });
    const key = await vi.waitFor(() => {
      const found = step('key');
      expect(found).toHaveAttribute('data-state', 'error');
      return found;
    });
    expect(within(key).getByTestId('load-error')).toHaveTextContent('keys unavailable');
    await userEvent.click(within(key).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(step('key')).toHaveAttribute('data-state', 'done'));
  });

  it('-> with no network yet, offers to create one and says every other step needs it', async () => {
    await arrange({ 'GET networks': () => [] });
    expect(await screen.findByText('0 of 7 steps done')).toHaveAttribute('role', 'status');
    expect(within(step('network')).getByRole('button', { name: 'Create a network' })).toBeInTheDocument();
    expect(within(step('policy')).getByText('Create a network first.')).toBeInTheDocument();
    expect(step('key')).toHaveAttribute('data-state', 'todo');
  });

  it('-> with a network, a key and a healthy device, ticks those steps and links each open step to its page', async () => {
    await arrange({});
    expect(await screen.findByText('4 of 7 steps done')).toHaveAttribute('role', 'status');
    for (const id of ['network', 'key', 'device', 'online'])
      expect(step(id)).toHaveAttribute('data-state', 'done');
    // One device has no peer to measure; a gateway without a client gives no laptop access; only default policies.
    expect(within(step('mesh')).getByRole('link', { name: 'Open the metrics' })).toHaveAttribute(
      'href',
      '/networks/office/metrics',
    );
    expect(within(step('laptop')).getByRole('link', { name: 'Open remote access' })).toHaveAttribute(
      'href',
      '/networks/office/remote-access',
    );
    expect(within(step('policy')).getByRole('link', { name: 'Open access control' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Create a network: done' })).toBeInTheDocument();
  });

  it('-> when two devices reach each other, a client exists and a policy of its own is on, every step is ticked', async () => {
    await arrange({
      'GET v1/metrics-health': () => health(2, 1),
      'GET extclients/office': () => [{ clientid: 'laptop' }],
      'GET v1/acls': () => ({
        Code: 200,
        Message: '',
        Response: [defaultAcl, { ...defaultAcl, id: 'own', default: false, name: 'ops' }],
      }),
    });
    expect(await screen.findByText('7 of 7 steps done')).toHaveAttribute('role', 'status');
  });
});
