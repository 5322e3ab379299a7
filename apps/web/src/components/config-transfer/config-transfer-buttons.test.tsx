import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { ConfigTransferButtons } from './config-transfer-buttons.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const document = { meshdeck_export: 1, networks: [{ netid: 'lab', addressrange: '10.5.0.0/24' }] };
const plan = (isDryRun: boolean) => ({
  Code: 200,
  Message: 'ok',
  Response: {
    dry_run: isDryRun,
    changes: [
      { resource: 'networks', id: 'lab', action: 'create' },
      { resource: 'dns', id: 'lab/nas', action: 'unchanged' },
    ],
  },
});

describe('ConfigTransferButtons', () => {
  it('-> a chosen file is sent as a dry run whose plan is shown; Import then applies the same document', async () => {
    mockApi({ 'POST v1/import': () => plan(true) });
    renderUi(<ConfigTransferButtons />);
    const file = new File([JSON.stringify(document)], 'config.json', { type: 'application/json' });
    const input = (await screen.findByRole('button', { name: 'Import…' })).parentElement!.querySelector(
      'input[type=file]',
    ) as HTMLInputElement;
    await userEvent.upload(input, file);
    const table = await screen.findByRole('table', { name: 'Import plan' });
    expect(within(table).getByText('lab')).toBeInTheDocument();
    expect(within(table).getByText('create')).toBeInTheDocument();
    expect(
      screen.getByText('1 item would be created; nothing changes until you import.'),
    ).toBeInTheDocument();
    expect(vi.mocked(apiClient.post).mock.calls[0]?.[2]?.query).toEqual({ dry_run: true });

    mockApi({ 'POST v1/import': () => plan(false) });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Import plan' })).toBeNull());
    const applied = vi.mocked(apiClient.post).mock.calls.at(-1)!;
    expect(applied[1]).toEqual(document);
    expect(applied[2]?.query).toEqual({ dry_run: false });
  });

  it('-> a refused dry run shows the server message and offers no Import', async () => {
    mockApi({
      'POST v1/import': () => {
        throw new ApiError({
          kind: 'http',
          status: 409,
          message: 'networks[0] "lab": a network with this name exists with other address ranges',
          path: 'v1/import',
        });
      },
    });
    renderUi(<ConfigTransferButtons />);
    const input = (await screen.findByRole('button', { name: 'Import…' })).parentElement!.querySelector(
      'input[type=file]',
    ) as HTMLInputElement;
    await userEvent.upload(
      input,
      new File([JSON.stringify(document)], 'c.json', { type: 'application/json' }),
    );
    expect(await screen.findByText(/networks\[0\] "lab"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
