import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUG_TRACKER_URL } from '@/lib/constants.ts';
import { buildBugReportUrl } from '@/lib/bug-report.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { CrashScreen } from './crash-screen.tsx';

describe('CrashScreen', () => {
  it('when rendered, then it shows the spec texts and both actions', () => {
    window.history.pushState({}, '', '/networks/lab/nodes?tab=1');
    renderUi(<CrashScreen error={new Error('nodes is undefined')} />);

    expect(screen.getByRole('heading', { name: 'Application crashed' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error occured.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/dashboard');

    const report = screen.getByRole('link', { name: 'File a Bug Report' });
    const url = new URL(report.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${BUG_TRACKER_URL}/new`);
    expect(url.searchParams.get('title')).toContain('/networks/lab/nodes?tab=1');
    expect(url.searchParams.get('body')).toContain('nodes is undefined');
    expect(report).toHaveAttribute('target', '_blank');
  });

  it("when the operator configured a tracker, then the report opens that tracker's new-issue page", () => {
    const url = new URL(buildBugReportUrl('/dns', new Error('boom'), 'https://git.example.test/ops/issues'));
    expect(`${url.origin}${url.pathname}`).toBe('https://git.example.test/ops/issues/new');
    expect(url.searchParams.get('title')).toBe('Console crash on /dns: boom');
  });
});
