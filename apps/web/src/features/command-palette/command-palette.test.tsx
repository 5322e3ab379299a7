import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { CommandPalette } from './command-palette.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const wireNetwork = { netid: 'office', addressrange: '10.1.0.0/24', addressrange6: '' };

function PalettePage() {
  return <CommandPalette opened onClose={() => undefined} />;
}

describe('CommandPalette', () => {
  beforeEach(() => {
    signInAs('admin', 'super-admin');
    useCreateNetworkDialog.setState({ isOpen: false });
    mockApi({ 'GET networks': () => [wireNetwork], 'GET hosts': () => [] });
  });

  it('-> typing an action and pressing Enter runs it (create network opens its dialog)', async () => {
    await renderRoute('/palette', '/palette', PalettePage);
    const input = await screen.findByRole('combobox', { name: /Go to a page/ });
    await userEvent.type(input, 'create net');
    expect(await screen.findByRole('option', { name: /Create network/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    expect(useCreateNetworkDialog.getState().isOpen).toBe(true);
  });

  it('-> arrows move the choice and Enter jumps to a network section', async () => {
    const { router } = await renderRoute('/palette', '/palette', PalettePage);
    const input = await screen.findByRole('combobox', { name: /Go to a page/ });
    await userEvent.type(input, 'office');
    await screen.findByRole('option', { name: /^office 10.1.0.0/ });
    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    const section = second.textContent ?? '';
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/networks\/office\/[a-z-]+$/));
    expect(section).toContain('office ›');
  });
});
