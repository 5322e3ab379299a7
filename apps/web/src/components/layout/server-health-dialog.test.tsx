import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { UNKNOWN_SERVER_STATUS } from '@/lib/server-status.ts';
import { useSession } from '@/lib/session.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { ServerHealthDialog } from './server-health-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const everythingDown = {
  ...UNKNOWN_SERVER_STATUS,
  licenseError: 'payment overdue',
  isDbConnected: false,
  isBrokerConnected: false,
  isNetworkHealthy: false,
};
const dbDown = { ...UNKNOWN_SERVER_STATUS, isDbConnected: false };

const signInAs = (platformRoleId: string) =>
  useSession.setState({
    user: { username: 'someone', platformRoleId, isAdmin: true, canUseDashboard: true },
  });

beforeEach(() => {
  signInAs('super-admin');
});

describe('ServerHealthDialog', () => {
  it('lists billing, database, broker and network problems in the spec order, with contact advice', () => {
    renderUi(<ServerHealthDialog status={everythingDown} />);
    const dialog = screen.getByRole('dialog', { name: 'Meshdeck is not functioning properly' });
    const items = within(within(dialog).getByRole('list', { name: 'Problems found' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.dataset.problem)).toEqual(['billing', 'database', 'broker', 'network']);
    expect(items[0]).toHaveTextContent('Billing/Payment error occured');
    expect(items[1]).toHaveTextContent(
      'The server is not able to connect to the database. Check your server config logs for detailed information.',
    );
    expect(items[2]).toHaveTextContent(
      'The server is not able to connect to the message broker. Check your server config logs for detailed information.',
    );
    expect(items[3]).toHaveTextContent(
      'The console cannot reach the Meshdeck server. Check your network connection and the server address, its SSL certificate and its DNS record.',
    );
    expect(dialog).not.toHaveTextContent(/tenant/i);
    expect(within(dialog).getByText('Error server malfunction')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Contact your server admin or check your network settings'),
    ).toBeInTheDocument();
  });

  it('when the licence error says the trial has ended, shows the trial-ended view instead of the problems', () => {
    renderUi(<ServerHealthDialog status={{ ...dbDown, licenseError: 'your trial has ended' }} />);
    const dialog = screen.getByRole('dialog', { name: 'Your Pro trial has ended' });
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Meshdeck is not functioning properly')).not.toBeInTheDocument();
  });

  it('when the super admin confirms the restart, calls POST server/shutdown and says the server is restarting', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockApi({ 'POST server/shutdown': () => 'restarting' });
    renderUi(<ServerHealthDialog status={dbDown} />);
    await userEvent.click(screen.getByRole('button', { name: 'Restart server' }));
    const confirm = screen.getByRole('dialog', { name: 'Restart server' });
    expect(confirm).toHaveTextContent('Confirm to restart server?');
    expect(apiClient.post).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restart' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Server restarted',
          message: 'The server is restarting. This may take some seconds to reflect.',
        }),
      ),
    );
    expect(apiClient.post).toHaveBeenCalledWith('server/shutdown');
  });

  it('when the restart fails, reports "Failed to restart server" with the server message', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockApi({
      'POST server/shutdown': () => {
        throw new ApiError({
          kind: 'http',
          status: 403,
          message: 'only the super admin may',
          path: 'server/shutdown',
        });
      },
    });
    renderUi(<ServerHealthDialog status={dbDown} />);
    await userEvent.click(screen.getByRole('button', { name: 'Restart server' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Restart server' })).getByRole('button', { name: 'Restart' }),
    );
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Failed to restart server', message: 'only the super admin may' }),
      ),
    );
  });

  it('when the user is an admin but not the super admin, offers no restart', () => {
    signInAs('admin');
    renderUi(<ServerHealthDialog status={dbDown} />);
    expect(screen.queryByRole('button', { name: 'Restart server' })).not.toBeInTheDocument();
  });

  it('when the server cannot be reached, offers no restart (the request could not arrive)', () => {
    renderUi(<ServerHealthDialog status={{ ...UNKNOWN_SERVER_STATUS, isNetworkHealthy: false }} />);
    expect(screen.getByRole('dialog', { name: 'Meshdeck is not functioning properly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart server' })).not.toBeInTheDocument();
  });
});
