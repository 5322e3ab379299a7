import type { AccessImpact } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { TagManagerPage } from './tag-manager-page.tsx';
import { tagsSearchSchema } from './tags-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const env = <T,>(Response: T) => ({ Code: 200, Message: '', Response });
const webTag = {
  id: 'net1.web',
  tag_name: 'web',
  network: 'net1',
  color_code: '',
  created_by: 'admin',
  created_at: '2026-11-26T10:00:00Z',
  used_by_count: 1,
  tagged_nodes: [makeApiNode({ id: 'n1', network: 'net1' })],
};
const impact: AccessImpact = {
  pairs: { gained: 1, lost: 0 },
  flows: { opened: 1, closed: 0, changed: 0 },
  changes: [{ from: 'n2', from_name: 'db-1', to: 'n3', to_name: 'lb-1', before: [], after: ['tcp/443'] }],
  truncated: false,
  broken_assertions: [],
};

type Scopes = ('read' | 'create' | 'update' | 'delete')[];

/** Signs in a super admin, or (with `tagScopes`) a platform user whose custom network role grants those on tags. */
function arrange(tags = [webTag], tagScopes?: Scopes) {
  const isAdmin = tagScopes === undefined;
  storeSignedInSession(isAdmin ? 'super-admin' : 'platform-user');
  useSession.setState({
    user: {
      username: 'admin',
      platformRoleId: isAdmin ? 'super-admin' : 'platform-user',
      isAdmin,
      canUseDashboard: true,
      adminNetworkIds: [],
      ...(tagScopes ? { networkPermissions: { net1: { tag: tagScopes } } } : {}),
    },
  });
  mockApi({
    ...shellRoutes([makeNetworkWire('net1')], true),
    'GET v1/tags': () => env(tags),
    'GET console/nodes/net1': () => ({
      total: 2,
      offset: 0,
      items: [
        { id: 'n1', hostId: 'h1', name: 'web-1', address: '', address6: '' },
        { id: 'n2', hostId: 'h2', name: 'db-1', address: '', address6: '' },
      ],
    }),
    'POST v1/tags': (body) => env({ ...webTag, ...(body as object), id: 'net1.new' }),
    'POST v1/tags/preview': () => env(impact),
    'PUT v1/tags': (body) => env({ ...webTag, ...(body as object) }),
    'DELETE v1/tags': () => env(null),
  });
  return renderRoute('/networks/$networkId/tag-manager', '/networks/net1/tag-manager', TagManagerPage, {
    validateSearch: tagsSearchSchema,
  });
}

describe('TagManagerPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces('access');
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> lists a tag with its device count and the policies using it; a used tag cannot be deleted', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(await within(table).findByText('web')).toBeInTheDocument();
    expect(within(table).getByText('1 policy')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for tag web' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  it.each([
    [['read', 'create'], { add: true, edit: false, delete: false }],
    [['read', 'update'], { add: false, edit: true, delete: false }],
    [['read', 'delete'], { add: false, edit: false, delete: true }],
    [['read'], { add: false, edit: false, delete: false }],
  ] as const)(
    '-> when a network role grants %j on tags, shows exactly those buttons',
    async (scopes, shown) => {
      const spare = { ...webTag, id: 'net1.spare', tag_name: 'spare', used_by_count: 0 };
      await arrange([webTag, spare], [...scopes]);
      const table = await screen.findByRole('table', { name: 'Tags' });
      await within(table).findByText('spare');
      expect(screen.queryByRole('button', { name: 'Add tag' }) !== null).toBe(shown.add);
      const menu = within(table).queryByRole('button', { name: 'Actions for tag spare' });
      expect(menu !== null).toBe(shown.edit || shown.delete);
      if (!menu) return;
      await userEvent.click(menu);
      await screen.findByRole('menu');
      expect(screen.queryByRole('menuitem', { name: 'Edit' }) !== null).toBe(shown.edit);
      expect(screen.queryByRole('menuitem', { name: 'Delete' }) !== null).toBe(shown.delete);
    },
  );

  it('-> when an unused tag is deleted and the admin confirms, sends its id and says it is gone', async () => {
    const spare = { ...webTag, id: 'net1.spare', tag_name: 'spare', used_by_count: 0 };
    await arrange([webTag, spare]);
    const table = await screen.findByRole('table', { name: 'Tags' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for tag spare' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete tag' });
    expect(within(dialog).getByText(/Delete the tag spare\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(apiClient.delete).toHaveBeenCalledWith('v1/tags', { query: { tag_id: 'net1.spare' } }),
    );
    expect(await screen.findByText('Tag spare deleted')).toBeInTheDocument();
  });

  it('-> when a tag name breaks the contract rule, names the field; when a tag is created with a device, sends its name and members', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    const nameField = within(dialog).getByRole('textbox', { name: /Tag name/ });
    await userEvent.type(nameField, 'db_servers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(
      await within(dialog).findByText('Use 3 to 50 letters, digits, dashes and spaces'),
    ).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
    await userEvent.clear(nameField);
    await userEvent.type(nameField, 'db servers');
    await userEvent.click(within(dialog).getAllByLabelText('Grouped devices')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'db-1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    await waitFor(() =>
      // ?network= names the network the route is judged in (a network role's holder is refused without it).
      expect(apiClient.post).toHaveBeenCalledWith(
        'v1/tags',
        { tag_name: 'db servers', network: 'net1', tagged_nodes: [{ id: 'n2' }] },
        { query: { network: 'net1' } },
      ),
    );
  });

  it('-> when a tag is renamed and given a member, shows the impact first and then saves with new_name', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'Tags' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for tag web' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag web' });
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'frontends');
    await userEvent.click(within(dialog).getAllByLabelText('Grouped devices')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'db-1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review impact' }));
    expect(await within(dialog).findByText('Opens db-1 -> lb-1 (tcp/443)')).toBeInTheDocument();
    expect(apiClient.put).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith(
        'v1/tags',
        expect.objectContaining({
          id: 'net1.web',
          new_name: 'frontends',
          tagged_nodes: [{ id: 'n1' }, { id: 'n2' }],
        }),
        { query: { network: 'net1' } },
      ),
    );
  });
});
