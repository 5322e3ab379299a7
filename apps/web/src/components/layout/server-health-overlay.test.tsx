import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNHEALTHY_OVERLAY_DELAY_MS } from '@/lib/constants.ts';
import { UNKNOWN_SERVER_STATUS } from '@/lib/server-status.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { ServerHealthOverlay } from './server-health-overlay.tsx';

const healthy = UNKNOWN_SERVER_STATUS;
const dbDown = { ...UNKNOWN_SERVER_STATUS, isDbConnected: false };
const dialogTitle = 'Meshdeck is not functioning properly';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ServerHealthOverlay', () => {
  it('when the server turns unhealthy, shows nothing before 5 s and the health dialog after', () => {
    const view = renderUi(<ServerHealthOverlay status={healthy} />);
    view.rerender(<ServerHealthOverlay status={dbDown} />);
    act(() => {
      vi.advanceTimersByTime(UNHEALTHY_OVERLAY_DELAY_MS - 100);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('dialog', { name: dialogTitle })).toBeInTheDocument();
  });

  it('when the server turns healthy again, the overlay disappears at once', () => {
    const view = renderUi(<ServerHealthOverlay status={dbDown} />);
    act(() => {
      vi.advanceTimersByTime(UNHEALTHY_OVERLAY_DELAY_MS);
    });
    expect(screen.getByRole('dialog', { name: dialogTitle })).toBeInTheDocument();
    view.rerender(<ServerHealthOverlay status={healthy} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a healthy poll interrupts the outage, the 5 s start over', () => {
    const view = renderUi(<ServerHealthOverlay status={dbDown} />);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    view.rerender(<ServerHealthOverlay status={healthy} />);
    view.rerender(<ServerHealthOverlay status={dbDown} />);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when only the broker is down, never blocks the console', () => {
    renderUi(<ServerHealthOverlay status={{ ...healthy, isBrokerConnected: false }} />);
    act(() => {
      vi.advanceTimersByTime(UNHEALTHY_OVERLAY_DELAY_MS * 3);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
