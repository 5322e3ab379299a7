import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_SERVER_STATUS } from '@/lib/server-status.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { TrialBanner } from './trial-banner.tsx';

const now = new Date('2026-11-20T12:00:00Z');
const proTrialUntil = (trialEndDate: string) => ({
  ...UNKNOWN_SERVER_STATUS,
  isPro: true,
  isOnTrial: true,
  trialEndDate,
});

describe('TrialBanner', () => {
  it('with more than a day left, shows the days left rounded up', () => {
    renderUi(<TrialBanner status={proTrialUntil('2026-11-23T00:00:00Z')} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your Pro trial ends in 3 days.');
  });

  it('with less than a day left, says so', () => {
    renderUi(<TrialBanner status={proTrialUntil('2026-11-20T18:00:00Z')} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your Pro trial ends in less than a day.');
  });

  it('after the end date, says the trial has ended', () => {
    renderUi(<TrialBanner status={proTrialUntil('2026-11-19T00:00:00Z')} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your Pro trial has ended.');
  });

  it('on a licensed Pro server or a community server, shows nothing', () => {
    renderUi(
      <TrialBanner status={{ ...proTrialUntil('2026-11-23T00:00:00Z'), isOnTrial: false }} now={now} />,
    );
    renderUi(<TrialBanner status={{ ...proTrialUntil('2026-11-23T00:00:00Z'), isPro: false }} now={now} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
