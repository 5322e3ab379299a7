import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const createdKey = {
  value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
  token: 'dG9rZW4=',
  tags: ['office'],
  networks: [],
  expiration: '0001-01-01T00:00:00Z',
  uses_remaining: 5,
  unlimited: false,
  type: 2,
  relay: '',
  groups: [],
  default: false,
  auto_egress: false,
  auto_assign_gw: false,
};

function arrange() {
  const onCreated = vi.fn();
  mockApi({
    'GET networks': () => [],
    'GET nodes': () => [],
    'GET hosts': () => [],
    'POST v1/enrollment-keys': () => createdKey,
  });
  vi.mocked(apiClient.post).mockImplementation((_path, _body, options) =>
    Promise.resolve(options?.schema ? options.schema.parse(createdKey) : createdKey),
  );
  renderUi(<CreateKeyDialog opened onClose={vi.fn()} onCreated={onCreated} />);
  return { onCreated };
}

describe('CreateKeyDialog', () => {
  it('-> when "Limited number of uses" is chosen, asks for the uses and refuses fewer than 1', async () => {
    arrange();
    expect(screen.queryByLabelText(/Number of uses/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'office');
    await userEvent.click(screen.getByLabelText('Limited number of uses'));
    const uses = screen.getByLabelText(/Number of uses/);
    await userEvent.clear(uses);
    await userEvent.type(uses, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Allow at least 1 use')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when a limited key is submitted, posts uses_remaining only and hands the new key back', async () => {
    const { onCreated } = arrange();
    await userEvent.type(screen.getByLabelText(/^Name/), 'office');
    await userEvent.click(screen.getByLabelText('Limited number of uses'));
    const uses = screen.getByLabelText(/Number of uses/);
    await userEvent.clear(uses);
    await userEvent.type(uses, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'office', kind: 'uses', usesRemaining: 5 }),
      ),
    );
    expect(apiClient.post).toHaveBeenCalledWith(
      'v1/enrollment-keys',
      expect.objectContaining({ tags: ['office'], uses_remaining: 5, unlimited: false, expiration: 0 }),
      expect.anything(),
    );
  });

  it('-> when "Time bound" is chosen without a date, asks for the expiry', async () => {
    arrange();
    await userEvent.type(screen.getByLabelText(/^Name/), 'temporary');
    await userEvent.click(screen.getByLabelText('Time-bound'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose when the key expires')).toBeInTheDocument();
  });

  it('-> when the name is too short, says the length rule', async () => {
    arrange();
    await userEvent.type(screen.getByLabelText(/^Name/), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The name must be 3 to 32 characters')).toBeInTheDocument();
  });
});
