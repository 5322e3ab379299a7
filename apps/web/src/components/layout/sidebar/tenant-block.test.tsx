import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type * as HostedModule from '@/lib/hosted.ts';
import type * as RuntimeSettingsModule from '@/lib/runtime-settings.ts';
import { useSession } from '@/lib/session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { TenantBlock } from './tenant-block.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
// Hosted mode is read once at start; each test sets what the server would have written into index.html.
const hosted = vi.hoisted(() => ({ isHosted: false }));
vi.mock('@/lib/hosted.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof HostedModule>();
  return {
    ...actual,
    get IS_HOSTED() {
      return hosted.isHosted;
    },
  };
});
vi.mock('@/lib/runtime-settings.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof RuntimeSettingsModule>();
  return {
    ...actual,
    runtimeSettings: { ...actual.DEFAULT_RUNTIME_SETTINGS, accountSiteUrl: 'https://account.example.test' },
  };
});

const upgrade = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  current_version: 'v0.30.0',
  latest_version: '0.31.2',
  is_newer: true,
  release_url: 'https://example.test/releases/0.31.2',
  checked_at: '2026-11-26T16:00:00.000Z',
  error: '',
  ...overrides,
});

beforeEach(() => {
  hosted.isHosted = false;
  useSession.setState({ tenantId: null });
});

describe('TenantBlock', () => {
  it('when the upgrade check finds a newer release on a community server, then the update icon opens the New Version dialog with its tags and steps', async () => {
    mockApi({ 'GET v1/server/upgrade': () => upgrade() });
    renderUi(<TenantBlock isPro={false} serverVersion="v0.30.0" isCollapsed={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Version v0.31.2 is available' }));
    const dialog = await screen.findByRole('dialog', { name: 'New server version available' });
    expect(
      within(dialog).getByText('Meshdeck v0.31.2 is available. This server runs v0.30.0.'),
    ).toBeInTheDocument();
    const codes = within(dialog)
      .getAllByText((_content, element) => element?.tagName === 'CODE')
      .map((code) => code.textContent);
    expect(codes).toEqual(['v0.31.2', 'v0.31.2', 'docker-compose down', 'docker-compose up -d']);
    expect(within(dialog).getByRole('link', { name: 'Read the upgrade guide' })).toHaveAttribute(
      'href',
      'https://github.com/meshdeck/meshdeck#upgrading',
    );
    expect(within(dialog).getByRole('link', { name: 'Release notes' })).toHaveAttribute(
      'href',
      'https://example.test/releases/0.31.2',
    );
  });

  it('when the server is Pro, then the server tag carries -ee and the UI tag does not', async () => {
    mockApi({ 'GET v1/server/upgrade': () => upgrade() });
    renderUi(<TenantBlock isPro serverVersion="v0.30.0" isCollapsed={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Version v0.31.2 is available' }));
    const dialog = await screen.findByRole('dialog', { name: 'New server version available' });
    const codes = within(dialog)
      .getAllByText((_content, element) => element?.tagName === 'CODE')
      .map((code) => code.textContent);
    expect(codes.slice(0, 2)).toEqual(['v0.31.2-ee', 'v0.31.2']);
  });

  it('when the server has not answered yet, then the edition and server version are outlines, never Community or unknown', async () => {
    const calls = vi.fn(() => upgrade({ is_newer: false }));
    mockApi({ 'GET v1/server/upgrade': calls });
    renderUi(<TenantBlock isPro={undefined} serverVersion={undefined} isCollapsed={false} />);
    expect(screen.getByTestId('edition-pending')).toBeInTheDocument();
    expect(screen.getByTestId('server-version-pending')).toBeInTheDocument();
    expect(screen.queryByText('Community')).toBeNull();
    expect(screen.queryByText('Pro')).toBeNull();
    expect(screen.queryByText('unknown')).toBeNull();
    await vi.waitFor(() => expect(calls).toHaveBeenCalled());
  });

  it('when there is no newer release or the check is off, then no update icon shows', async () => {
    const calls = vi.fn(() => upgrade({ is_newer: false, latest_version: '0.30.0' }));
    mockApi({ 'GET v1/server/upgrade': calls });
    renderUi(<TenantBlock isPro={false} serverVersion="v0.30.0" isCollapsed={false} />);
    await vi.waitFor(() => expect(calls).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /is available/ })).toBeNull();
    expect(screen.queryByTestId('tenant-id')).toBeNull();
  });

  it('when hosted, then the tenant id (with copy) and the manage-tenant link show, and the upgrade check is never asked', async () => {
    hosted.isHosted = true;
    useSession.setState({ tenantId: 'tenant-42' });
    const calls = vi.fn(() => upgrade());
    mockApi({ 'GET v1/server/upgrade': calls });
    renderUi(<TenantBlock isPro serverVersion="v0.30.0" isCollapsed={false} />);
    const tenant = await screen.findByTestId('tenant-id');
    expect(tenant).toHaveTextContent('Tenant ID tenant-42');
    expect(within(tenant).getByRole('button', { name: 'Copy tenant ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage tenant' })).toHaveAttribute(
      'href',
      'https://account.example.test/tenants/tenant-42',
    );
    expect(calls).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /is available/ })).toBeNull();
  });
});
