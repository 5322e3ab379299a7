import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { statusDisplay, worstStatus, isBehindNat } from '@/lib/node-health.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { StatusBadge } from './status-badge.tsx';

describe('status labels (spec §4)', () => {
  it.each([
    ['error', 'Error', 'red'],
    ['warning', 'Unstable', 'orange'],
    ['online', 'Healthy', 'green'],
    ['offline', 'Offline', 'gray'],
    ['enabled', 'Enabled', 'teal'],
    ['disabled', 'Disabled', 'gray'],
    ['unknown', 'Unknown', 'dark'],
    ['disconnected', 'Unknown', 'dark'],
    ['', 'Unknown', 'dark'],
  ])('StatusBadge -> when the status is "%s", shows %s', (status, label, color) => {
    renderUi(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(statusDisplay(status).color).toBe(color);
  });

  it('StatusBadge -> when the status is missing or an inherited property name, shows Unknown', () => {
    renderUi(
      <>
        <StatusBadge status={undefined} />
        <StatusBadge status="toString" />
      </>,
    );
    expect(screen.getAllByText('Unknown')).toHaveLength(2);
  });

  it('StatusBadge -> when hovered, explains the status and gives the last check-in time', async () => {
    const lastCheckIn = new Date(Date.now() - 5 * 60_000);
    renderUi(<StatusBadge status="online" lastCheckIn={lastCheckIn} />);
    await userEvent.hover(screen.getByText('Healthy'));
    expect(await screen.findByText('Checks in on time.')).toBeInTheDocument();
    expect(screen.getByText(/^Last check-in: .* \(5 minutes ago\)$/)).toBeInTheDocument();
  });

  it('StatusBadge -> when an offline node was disconnected by an admin, says so instead of blaming the agent', async () => {
    renderUi(<StatusBadge status="offline" isConnected={false} />);
    await userEvent.hover(screen.getByText('Offline'));
    expect(await screen.findByText('An administrator disconnected it from the network.')).toBeInTheDocument();
    expect(screen.getByText('Has never checked in.')).toBeInTheDocument();
  });

  it('worstStatus -> a host takes the worst status of its nodes, and Unknown without nodes', () => {
    expect(worstStatus(['online', 'warning', 'online'])).toBe('warning');
    expect(worstStatus(['warning', 'error'])).toBe('error');
    expect(worstStatus(['online', 'offline', 'warning'])).toBe('offline');
    expect(worstStatus([])).toBe('unknown');
  });

  it('isBehindNat -> true only when nat_type is set and not "public"', () => {
    expect(isBehindNat('symmetric')).toBe(true);
    expect(isBehindNat('behind_nat')).toBe(true);
    expect(isBehindNat('public')).toBe(false);
    expect(isBehindNat('')).toBe(false);
  });
});
