import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeshHealth as MeshHealthData } from '@meshdeck/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { MeshHealth } from './mesh-health-panel.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const nodes = (healthy: number, unstable = 0, offline = 0) => ({
  healthy,
  unstable,
  error: 0,
  offline,
  unknown: 0,
});

const HEALTH: MeshHealthData = {
  networks: [
    {
      network: 'office',
      nodes: nodes(3, 1, 1),
      pairs: { measured: 6, unreachable: 1, relayed: 1, blocked: 1 },
      lagging: 1,
    },
    {
      network: 'lab',
      nodes: nodes(2),
      pairs: { measured: 1, unreachable: 0, relayed: 0, blocked: 0 },
      lagging: 0,
    },
  ],
  problem_pairs: [
    {
      network: 'office',
      node_id: 'a',
      node_name: 'alpha',
      peer_id: 'b',
      peer_name: 'beta',
      connected: false,
      path: 'none',
      reason: 'peer_offline',
    },
    {
      network: 'office',
      node_id: 'c',
      node_name: 'gamma',
      peer_id: 'd',
      peer_name: 'delta',
      connected: true,
      path: 'relayed',
      via: 'relay-1',
      reason: 'relayed',
    },
  ],
  lagging_nodes: [
    {
      network: 'office',
      node_id: 'e',
      node_name: 'epsilon',
      applied_version: 4,
      server_version: 7,
      behind_s: 3_900,
    },
  ],
};

const arrange = (answer: () => unknown) => {
  mockApi({ 'GET v1/metrics-health': answer });
  return renderRoute('/dashboard', '/dashboard', MeshHealth);
};

describe('MeshHealth', () => {
  beforeAll(async () => {
    await i18next.loadNamespaces(['dashboard', 'metrics', 'pages']);
  });

  it('-> while the first answer is on the way, shows a loading status and skeletons, no zero and no empty text', async () => {
    await arrange(() => new Promise(() => undefined));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading mesh health…');
    expect(screen.queryByText('0')).not.toBeInTheDocument();
    expect(screen.queryByText(/No device/)).not.toBeInTheDocument();
  });

  it('-> when the read fails, shows the reason and Retry reads again', async () => {
    let calls = 0;
    await arrange(() => {
      calls += 1;
      if (calls === 1)
        throw new ApiError({
          kind: 'http',
          status: 500,
          message: 'database unavailable',
          path: 'v1/metrics-health',
        });
      return HEALTH;
    });
    expect(await screen.findByTestId('load-error')).toHaveTextContent('database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Health per network' })).toBeInTheDocument();
  });

  it('-> when networks exist but no device joined, says so and points to the getting-started checklist', async () => {
    await arrange(() => ({
      networks: [
        {
          ...HEALTH.networks[1]!,
          nodes: nodes(0),
          pairs: { measured: 0, unreachable: 0, relayed: 0, blocked: 0 },
        },
      ],
      problem_pairs: [],
      lagging_nodes: [],
    }));
    expect(await screen.findByText(/No device has joined a network yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow the getting-started checklist' })).toHaveAttribute(
      'href',
      '/hello',
    );
  });

  it('-> with data, shows the totals, each network with links to filtered pages, problem pairs and lagging nodes', async () => {
    await arrange(() => HEALTH);
    expect(await screen.findByTestId('mesh-Healthy')).toHaveTextContent('5');
    expect(screen.getByTestId('mesh-Unreachable pairs')).toHaveTextContent('1');
    expect(screen.getByTestId('mesh-Config not applied')).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: 'Health per network' });
    const office = within(table).getByRole('row', { name: /^office/ });
    const links = within(office)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/networks/office/nodes',
      '/networks/office/nodes?status=healthy',
      '/networks/office/nodes?status=unstable',
      '/networks/office/nodes?status=offline',
      '/networks/office/metrics?problems=true',
      '/networks/office/metrics?problems=true',
      '/networks/office/metrics',
    ]);
    expect(screen.getByRole('link', { name: 'alpha → beta' })).toHaveAttribute(
      'href',
      '/networks/office/metrics?problems=true&search=alpha',
    );
    expect(screen.getByText('peer offline')).toBeInTheDocument();
    expect(screen.getByText('Relayed via relay-1')).toBeInTheDocument();
    expect(screen.getByText(/applied update 4, server at 7, behind for 1 hrs 5 mins/)).toBeInTheDocument();
  });
});
