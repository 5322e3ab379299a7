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
import { AlertsPage } from './alerts-page.tsx';
import { alertsSearchSchema } from './alerts-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const rule = {
  id: 'r1',
  network: 'net1',
  name: 'web down',
  kind: 'node_offline',
  enabled: true,
  node_id: 'n1',
  latency_ms: null,
  for_seconds: 0,
  cooldown_seconds: 900,
  webhook_url: 'https://hooks.example.com/meshdeck',
  email_to: [],
  secret_hint: 'abcd',
  created_by: 'admin',
  created_at: '2026-11-29T06:00:00Z',
  updated_at: '2026-11-29T06:00:00Z',
  firing: 1,
};
const alert = {
  id: 'e1',
  rule_id: 'r1',
  rule_name: 'web down',
  kind: 'node_offline',
  network: 'net1',
  subject: 'n1',
  subject_name: 'web-1',
  state: 'firing',
  detail: 'web-1 is offline',
  fired_at: new Date().toISOString(),
  resolved_at: null,
  delivery: 'sent',
  delivery_error: '',
};

function arrange(routes: Parameters<typeof mockApi>[0] = {}) {
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
    ...shellRoutes([makeNetworkWire('net1')]),
    'GET v1/alerts/net1/rules': () => [rule],
    'GET v1/alerts/net1': () => ({
      firing: [alert],
      history: [
        alert,
        { ...alert, id: 'e0', state: 'resolved', resolved_at: alert.fired_at, detail: 'back' },
      ],
      evaluated_at: new Date().toISOString(),
    }),
    'GET console/nodes/net1': () => ({
      total: 1,
      offset: 0,
      items: [{ id: 'n1', hostId: 'h1', name: 'web-1', address: '100.70.1.1/32', address6: '' }],
    }),
    'POST v1/alerts/net1/rules': (body) => ({
      ...rule,
      ...(body as object),
      id: 'r2',
      firing: 0,
      secret: 'mdwh_shown-once-secret',
    }),
    'POST v1/alerts/net1/rules/r1/test': () => ({
      deliveries: [{ target: 'webhook', ok: true, status: 204, error: '' }],
    }),
    ...routes,
  });
  return renderRoute('/networks/$networkId/alerts', '/networks/net1/alerts', AlertsPage, {
    validateSearch: alertsSearchSchema,
  });
}

describe('AlertsPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces('alerts');
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when a rule fires, shows the rule with its node and state, the firing alert and the history', async () => {
    await arrange();
    const rules = await screen.findByRole('table', { name: 'Alert rules' });
    expect(await within(rules).findByText('web down')).toBeInTheDocument();
    expect(within(rules).getByText('Node offline')).toBeInTheDocument();
    expect(await within(rules).findByText('web-1')).toBeInTheDocument();
    expect(within(rules).getByText('1 firing')).toBeInTheDocument();
    const firing = screen.getByRole('table', { name: 'Firing now' });
    expect(await within(firing).findByText('web-1 is offline')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'History' });
    expect(await within(history).findByText('back')).toBeInTheDocument();
    expect(within(history).getAllByText('Firing').length).toBeGreaterThan(0);
  });

  it('-> when the rules cannot be read, the rules table says so with Retry instead of the empty text', async () => {
    await arrange({
      'GET v1/alerts/net1/rules': () => {
        throw new Error('server down');
      },
    });
    const rules = await screen.findByRole('table', { name: 'Alert rules' });
    expect(await within(rules).findByRole('button', { name: /retry/i })).toBeInTheDocument();
    expect(within(rules).queryByText(/No alert rules yet/)).not.toBeInTheDocument();
  });

  it('-> Add rule: a bad webhook URL is refused by the contract under its field; a good one is created and its secret shown once', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'edge watch');
    const url = within(dialog).getByRole('textbox', { name: 'Webhook URL' });
    await userEvent.type(url, 'ftp://hooks.example.com/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('webhook_url must use http or https')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalledWith(
      'v1/alerts/net1/rules',
      expect.anything(),
      expect.anything(),
    );

    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'v1/alerts/net1/rules',
        expect.objectContaining({
          name: 'edge watch',
          kind: 'node_offline',
          webhook_url: 'https://hooks.example.com/x',
        }),
        expect.anything(),
      ),
    );
    const secret = await screen.findByRole('dialog', { name: 'Signing secret of edge watch' });
    expect(within(secret).getByText('mdwh_shown-once-secret')).toBeInTheDocument();
  });

  it('-> Send a test: posts the test and says it was delivered', async () => {
    await arrange();
    const rules = await screen.findByRole('table', { name: 'Alert rules' });
    await userEvent.click(await within(rules).findByRole('button', { name: 'Send a test for web down' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'v1/alerts/net1/rules/r1/test',
        undefined,
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Test notification of web down delivered')).toBeInTheDocument();
  });
});
