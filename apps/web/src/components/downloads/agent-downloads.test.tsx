import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { AgentDownloadsSection } from './agent-downloads.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const digest = (char: string) => char.repeat(64);

describe('AgentDownloadsSection (spec §9 client downloads)', () => {
  it('when opened, then each file of this server shows with its system, architecture, size and copyable sha256; not asked before', async () => {
    mockApi({
      'GET v1/downloads': () => ({
        version: 'v0.30.0',
        files: [
          {
            name: 'meshdeck-agent-linux-arm64',
            os: 'linux',
            arch: 'arm64',
            kind: 'agent-executable',
            size: 123_931_776,
            sha256: digest('a'),
            url: '/meshclient/files/meshdeck-agent-linux-arm64',
          },
          {
            name: 'meshdeck-agent.mjs',
            os: 'any',
            arch: 'any',
            kind: 'agent-bundle',
            size: 923_653,
            sha256: digest('b'),
            url: '/meshclient/files/meshdeck-agent.mjs',
          },
        ],
      }),
    });
    renderUi(<AgentDownloadsSection />);
    expect(apiClient.get).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Download the agent from this server' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Linux',
      'Any system',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'meshdeck-agent-linux-arm64' })).toHaveAttribute(
      'href',
      '/meshclient/files/meshdeck-agent-linux-arm64',
    );
    expect(rows[0]).toHaveTextContent('arm64');
    expect(rows[0]).toHaveTextContent('123.93 MiB');
    expect(rows[1]).toHaveTextContent('any (needs Node.js 24)');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Copy the SHA-256 of meshdeck-agent.mjs' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByTitle(digest('b'))).toHaveTextContent('bbbbbbbbbbbb…');
  });

  it("when a hosted console talks to its tenant's backend, then the files download from that server", async () => {
    useSession.setState({ baseUrl: 'https://tenant-1.example.test/api' });
    mockApi({
      'GET v1/downloads': () => ({
        version: 'v0.30.0',
        files: [
          {
            name: 'meshdeck-agent.mjs',
            os: 'any',
            arch: 'any',
            kind: 'agent-bundle',
            size: 10,
            sha256: digest('c'),
            url: '/meshclient/files/meshdeck-agent.mjs',
          },
        ],
      }),
    });
    renderUi(<AgentDownloadsSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Download the agent from this server' }));
    expect(await screen.findByRole('link', { name: 'meshdeck-agent.mjs' })).toHaveAttribute(
      'href',
      'https://tenant-1.example.test/meshclient/files/meshdeck-agent.mjs',
    );
    useSession.setState({ baseUrl: '/api' });
  });

  it('when the server holds no agent files, then it says how to build them', async () => {
    mockApi({ 'GET v1/downloads': () => ({ version: 'v0.30.0', files: [] }) });
    renderUi(<AgentDownloadsSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Download the agent from this server' }));
    expect(
      await screen.findByText('This server holds no agent files yet: run npm run build on the server.'),
    ).toBeInTheDocument();
  });
});
