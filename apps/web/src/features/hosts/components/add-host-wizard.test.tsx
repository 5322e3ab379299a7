import { encodeEnrollmentToken } from '@meshdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { AddHostWizard } from './add-host-wizard.tsx';
import { buildInstallCommand, buildJoinCommand, joinServerUrl } from './join-command.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const token = encodeEnrollmentToken({
  server: 'https://mesh.example.com/',
  value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
});
const wireKey = (name: string, overrides: object = {}) => ({
  value: `${name.toUpperCase().padEnd(32, 'A')}`.slice(0, 32),
  token,
  tags: [name],
  networks: ['net1'],
  expiration: '0001-01-01T00:00:00Z',
  uses_remaining: 0,
  unlimited: true,
  type: 3,
  relay: '',
  groups: [],
  default: false,
  auto_egress: false,
  auto_assign_gw: false,
  ...overrides,
});

describe('join command', () => {
  it('buildJoinCommand -> names the agent, the server from the token and the token itself', () => {
    expect(buildJoinCommand(token, 'http://console.local')).toBe(
      `meshdeck-agent join --server https://mesh.example.com --token ${token}`,
    );
  });

  it('joinServerUrl -> when the token names no usable server, falls back to the console origin', () => {
    const bare = encodeEnrollmentToken({ server: 'mesh.example.com', value: 'X' });
    expect(joinServerUrl(bare, 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(joinServerUrl('not-a-token', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('buildJoinCommand -> quotes a token the shell would split', () => {
    expect(buildJoinCommand("a b'c", 'http://h')).toBe(
      `meshdeck-agent join --server http://h --token 'a b'\\''c'`,
    );
  });
});

describe('install command', () => {
  it("buildInstallCommand -> downloads the single executable for the device's architecture from the server named in the token, the Node.js script only as a fallback", () => {
    expect(buildInstallCommand(token, 'http://console.local')).toBe(
      'sudo apt-get install -y wireguard-tools && { sudo curl -fsSL -o /usr/local/bin/meshdeck-agent ' +
        "https://mesh.example.com/meshclient/files/meshdeck-agent-linux-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/') || " +
        '{ sudo apt-get install -y nodejs && sudo curl -fsSL -o /usr/local/bin/meshdeck-agent https://mesh.example.com/meshclient/files/meshdeck-agent.mjs; }; } ' +
        '&& sudo chmod 755 /usr/local/bin/meshdeck-agent',
    );
  });
});

describe('AddHostWizard', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1024, 600);
  });
  afterEach(() => restoreSize());

  it("-> when a key row is clicked, selects it without skipping ahead; Next shows the install command, then the join command with that key's token", async () => {
    mockApi({
      'GET v1/enrollment-keys': () => [wireKey('office'), wireKey('spent', { unlimited: false, type: 2 })],
    });
    renderUi(<AddHostWizard />);
    // Used-up keys cannot enrol anything, so they are not offered.
    expect(await screen.findByText('office')).toBeInTheDocument();
    expect(screen.queryByText('spent')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('office'));
    // The row's click picks the key and stays: the next step is the install step, never past it (issue 39).
    expect(screen.getByRole('radio', { name: 'office' })).toBeChecked();
    expect(screen.queryByTestId('install-command')).not.toBeInTheDocument();
    // The step bar does not jump ahead to steps not yet shown.
    await userEvent.click(screen.getByRole('button', { name: /Join/ }));
    expect(screen.queryByTestId('join-command')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/install WireGuard tools and the agent, one executable file/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('install-command')).toHaveTextContent(
      'sudo curl -fsSL -o /usr/local/bin/meshdeck-agent https://mesh.example.com/meshclient/files/meshdeck-agent-linux-$(uname -m',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('join-command')).toHaveTextContent(
      `meshdeck-agent join --server https://mesh.example.com --token ${token}`,
    );
    expect(screen.getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
  });

  it('-> while the keys load, says so instead of "no usable key"', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET v1/enrollment-keys': async () => {
        await held;
        return [wireKey('office')];
      },
    });
    renderUi(<AddHostWizard />);
    expect(await screen.findByRole('status', { name: 'Loading Enrollment keys…' })).toBeInTheDocument();
    expect(screen.queryByText('No usable key yet: create one.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('office')).toBeInTheDocument();
  });

  it('-> on a system the agent does not run on, says so instead of showing commands', async () => {
    mockApi({ 'GET v1/enrollment-keys': () => [wireKey('office')] });
    renderUi(<AddHostWizard />);
    await userEvent.click(await screen.findByText('office'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByText('Windows'));
    expect(screen.getByText(/runs on Linux for now/)).toBeInTheDocument();
    expect(screen.queryByTestId('install-command')).not.toBeInTheDocument();
  });
});
