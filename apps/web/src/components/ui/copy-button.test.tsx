import { Notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '@/lib/constants.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { CopyButton } from './copy-button.tsx';

const setClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

describe('CopyButton', () => {
  afterEach(() => vi.useRealTimers());

  it('-> when the copy works, confirms for 2 seconds and then offers to copy again', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    vi.useFakeTimers();
    renderUi(<CopyButton value="secret-token" label="Copy token" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('secret-token');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 100);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
  });

  it('-> when the clipboard refuses, says "Failed to copy to clipboard"', async () => {
    setClipboard(() => Promise.reject(new Error('denied')));
    renderUi(
      <>
        <Notifications />
        <CopyButton value="x" label="Copy token" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });
});
