import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { InvitesList } from './invites-list.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const invite = (email: string, code: string, url = '') => ({
  email,
  platformRoleId: 'platform-user',
  groupIds: [],
  code,
  url,
});

describe('InvitesList', () => {
  it('-> when the server hid the codes (an auditor reads the list), says so instead of offering empty copies', async () => {
    renderUi(<InvitesList invites={[invite('ann@example.com', '')]} />);
    expect(await screen.findByText('Hidden: only admins see invite codes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /copy/i })).not.toBeInTheDocument();
  });

  it('-> when the codes are there (an admin), shows each with its copy buttons', async () => {
    renderUi(<InvitesList invites={[invite('ben@example.com', 'AB12CD34', 'https://x.example/invite')]} />);
    expect(await screen.findByText('AB12CD34')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /copy/i }).length).toBeGreaterThanOrEqual(2);
  });
});
