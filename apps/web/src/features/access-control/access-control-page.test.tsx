import type { Acl, AccessImpact } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { AccessControlPage } from './access-control-page.tsx';
import { aclsSearchSchema } from './access-control-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const web = fakeId(2, 1);
const db = fakeId(2, 2);
const gw = fakeId(2, 3);
const env = <T,>(Response: T) => ({ Code: 200, Message: '', Response });
const allNodes = (enabled: boolean): Acl => ({
  id: 'net1.all-nodes',
  default: true,
  meta_data: '',
  name: 'All Nodes',
  network_id: 'net1',
  policy_type: 'device-policy',
  src_type: [{ id: 'tag', value: '*', name: 'All' }],
  dst_type: [{ id: 'tag', value: '*', name: 'All' }],
  allowed_traffic_direction: 1,
  enabled,
  created_by: 'system',
  created_at: '2026-11-26T10:00:00Z',
  protocol: 'all',
  type: 'Any',
  ports: [],
});
const impact = (overrides: Partial<AccessImpact> = {}): AccessImpact => ({
  pairs: { gained: 1, lost: 0 },
  flows: { opened: 1, closed: 0, changed: 0 },
  changes: [
    { from: web, from_name: 'web-1', to: db, to_name: 'db-1', before: [], after: ['tcp/443'] },
    { from: db, from_name: 'db-1', to: web, to_name: 'web-1', before: [], after: ['tcp/443'] },
  ],
  truncated: false,
  broken_assertions: [],
  ...overrides,
});

/** What the debug route answers for web-1 -> db-1: tcp/443 one way, by one policy. */
const debugAnswer = {
  IsNodeAllowed: true,
  IsPeerAllowed: false,
  Policies: [{ ...allNodes(true), id: 'p1', default: false, name: 'web opens db on https' }],
  IngressRules: [],
  NodeAllPolicy: false,
  EgressNets: [],
  flows: { node_to_peer: ['tcp/443'], peer_to_node: [], matrix: 0 },
};

type Scopes = ('read' | 'create' | 'update' | 'delete')[];

/**
 * The page as a super admin, or (with `aclScopes`) as a platform user whose custom network role grants those scopes
 * on access control; `policies` are listed after the two defaults.
 */
function arrange(
  options: { defaultacl?: 'yes' | 'no'; preview?: AccessImpact; aclScopes?: Scopes; policies?: Acl[] } = {},
) {
  const isAdmin = options.aclScopes === undefined;
  storeSignedInSession(isAdmin ? 'super-admin' : 'platform-user');
  useSession.setState({
    user: {
      username: 'admin',
      platformRoleId: isAdmin ? 'super-admin' : 'platform-user',
      isAdmin,
      canUseDashboard: true,
      adminNetworkIds: [],
      ...(options.aclScopes ? { networkPermissions: { net1: { acl: options.aclScopes } } } : {}),
    },
  });
  mockApi({
    ...shellRoutes([makeNetworkWire('net1', { defaultacl: options.defaultacl ?? 'yes' })]),
    // The All Gateways default stays on in a DENY network: it opens nothing between nodes.
    'GET v1/acls': () =>
      env([
        allNodes(options.defaultacl !== 'no'),
        { ...allNodes(true), id: 'net1.all-gateways', name: 'All Gateways' },
        ...(options.policies ?? []),
      ]),
    'GET v1/acls/assertions': () => env([]),
    'GET users': () => [],
    'GET console/nodes/net1': () => ({
      total: 3,
      offset: 0,
      items: [
        { id: web, hostId: fakeId(1, 1), name: 'web-1', address: '100.70.1.1/32', address6: '' },
        { id: db, hostId: fakeId(1, 2), name: 'db-1', address: '100.70.1.2/32', address6: '' },
        // An egress gateway: its ranges feed the pickers.
        {
          id: gw,
          hostId: fakeId(1, 3),
          name: 'gw-1',
          address: '100.70.1.3/32',
          address6: '',
          flags: ['egress'],
          egressRanges: [
            { network: '192.168.50.0/24', metric: 256, nat: true },
            { network: '10.200.0.0/16', metric: 256, nat: false },
          ],
        },
      ],
    }),
    'GET v1/acls/debug': () => env(debugAnswer),
    'POST v1/acls/preview': () => env(options.preview ?? impact()),
    'POST v1/acls': (body) => env({ ...allNodes(true), ...(body as object), id: 'new-id' }),
  });
  return renderRoute(
    '/networks/$networkId/access-control',
    '/networks/net1/access-control',
    AccessControlPage,
    {
      validateSearch: aclsSearchSchema,
    },
  );
}

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getAllByLabelText(label)[0] as HTMLElement);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillNewPolicy() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add policy' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'web to db');
  await pick(/^Source/, 'web-1');
  await pick(/^Destination/, 'db-1');
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Service' }));
  await userEvent.click(await screen.findByRole('option', { name: 'HTTPS (tcp/443)' }));
  return dialog;
}

describe('AccessControlPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces('access');
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> lists the policies with their type chip and active switch', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'Access policies' });
    expect(await within(table).findByText('All Nodes')).toBeInTheDocument();
    expect(within(table).getAllByText('Resources')).toHaveLength(2);
    expect(within(table).getByRole('switch', { name: 'Active: All Nodes' })).toBeChecked();
  });

  it('-> when a policy is added, shows what it opens before saving, and saves only then', async () => {
    await arrange();
    const dialog = await fillNewPolicy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review impact' }));
    const panel = await within(dialog).findByRole('region', { name: 'What this change does' });
    expect(within(panel).getByText('Opens db-1 <-> web-1 (tcp/443)')).toBeInTheDocument();
    expect(apiClient.post).toHaveBeenCalledWith(
      'v1/acls/preview',
      expect.objectContaining({ network_id: 'net1' }),
      expect.objectContaining({ query: { network: 'net1' } }),
    );
    expect(apiClient.post).not.toHaveBeenCalledWith('v1/acls', expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'v1/acls',
        expect.objectContaining({
          name: 'web to db',
          src_type: [{ id: 'device', value: web }],
          dst_type: [{ id: 'device', value: db }],
          type: 'HTTPS',
          protocol: 'tcp',
          ports: ['443'],
          allowed_traffic_direction: 1,
        }),
        // ?network= names the network the route is judged in (a network role's holder is refused without it).
        { query: { network: 'net1' } },
      ),
    );
  });

  it('-> when the change breaks a check, names the broken pairs and offers no save', async () => {
    await arrange({
      preview: impact({
        broken_assertions: [
          {
            id: 'c1',
            name: 'db stays private',
            expect: 'no-reach',
            count: 1,
            pairs: [{ from: web, from_name: 'web-1', to: db, to_name: 'db-1' }],
          },
        ],
      }),
    });
    const dialog = await fillNewPolicy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review impact' }));
    expect(
      await within(dialog).findByText('“db stays private” (must not reach) breaks for 1 pair: web-1 -> db-1'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('-> when the network is DENY and nothing is allowed, says so and offers the first policy', async () => {
    const { router } = await arrange({ defaultacl: 'no' });
    expect(await screen.findByText('Nothing is allowed in this network yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add the first policy' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ add: true }));
    expect(await screen.findByRole('dialog', { name: 'Add policy' })).toBeInTheDocument();
  });

  it("-> offers the egress gateways' ranges as sources and destinations and sends the chosen range", async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add policy' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'lab to db');
    await userEvent.click(screen.getAllByLabelText(/^Source/)[0] as HTMLElement);
    // Every range once, with the gateway routing it, under their own group.
    expect(await screen.findByRole('option', { name: '10.200.0.0/16 (via gw-1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '192.168.50.0/24 (via gw-1)' }));
    await pick(/^Destination/, 'db-1');
    await userEvent.click(screen.getAllByLabelText(/^Destination/)[0] as HTMLElement);
    expect(await screen.findByRole('option', { name: '10.200.0.0/16 (via gw-1)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review impact' }));
    await within(dialog).findByRole('region', { name: 'What this change does' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'v1/acls',
        expect.objectContaining({
          src_type: [{ id: 'egress-range', value: '192.168.50.0/24' }],
          dst_type: [{ id: 'device', value: db }],
        }),
        { query: { network: 'net1' } },
      ),
    );
  });

  it('-> "Why?" asks the server for two picked nodes and shows each way\'s verdict and the deciding policies', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Why?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why can one node reach another?' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'web-1' }));
    expect(apiClient.get).not.toHaveBeenCalledWith('v1/acls/debug', expect.anything());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'To' }));
    await userEvent.click(await screen.findByRole('option', { name: 'db-1' }));
    const answer = await within(dialog).findByRole('region', { name: 'Why can one node reach another?' });
    expect(apiClient.get).toHaveBeenCalledWith(
      'v1/acls/debug',
      expect.objectContaining({ query: { node: web, peer: db } }),
    );
    expect(within(answer).getByText('web-1 can open tcp/443 toward db-1')).toBeInTheDocument();
    expect(within(answer).getByText('db-1 cannot open anything toward web-1')).toBeInTheDocument();
    expect(within(answer).getByText('web opens db on https')).toBeInTheDocument();
    expect(within(answer).getByText('The default All Nodes policy is off.')).toBeInTheDocument();
  });
  describe('per-button gating (decision 053)', () => {
    const custom: Acl = { ...allNodes(true), id: 'p1', default: false, name: 'web opens db' };
    const checksAdd = () => screen.queryByRole('button', { name: 'Add check' });

    it('-> when the network role may only update policies, the switch and Edit work; no Add policy, Remove or Add check', async () => {
      await arrange({ aclScopes: ['read', 'update'], policies: [custom] });
      expect(await screen.findByRole('switch', { name: 'Active: web opens db' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Add policy' })).not.toBeInTheDocument();
      expect(checksAdd()).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Actions for web opens db' }));
      expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Remove' })).not.toBeInTheDocument();
    });

    it('-> when the network role may create policies only, offers Add policy and Add check, with switches read-only and no row menu', async () => {
      await arrange({ aclScopes: ['read', 'create'], policies: [custom] });
      expect(await screen.findByRole('switch', { name: 'Active: web opens db' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Add policy' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Add check' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Actions for web opens db' })).not.toBeInTheDocument();
    });
  });
});
