import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui.tsx';
import { RacDialog } from './rac-dialog.tsx';

describe('RacDialog', () => {
  it('-> says plainly there is no Meshdeck desktop client and gives numbered steps for each platform', async () => {
    renderUi(<RacDialog opened onClose={vi.fn()} />);
    expect(await screen.findByText(/Meshdeck has no desktop client of its own/)).toBeInTheDocument();
    for (const [tab, firstStep] of [
      ['Windows', /installer for Windows/],
      ['Mac', /Mac App Store/],
      ['Linux', /Install the WireGuard tools/],
      ['Mobile', /Google Play/],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      const panel = screen.getByRole('tabpanel', { name: tab });
      const steps = within(panel).getAllByRole('listitem');
      expect(steps.length).toBeGreaterThanOrEqual(4);
      expect(steps[0]).toHaveTextContent(firstStep);
    }
  });

  it('-> links only to published WireGuard downloads, never to a Meshdeck release page', async () => {
    renderUi(<RacDialog opened onClose={vi.fn()} />);
    await screen.findByText(/no desktop client/);
    for (const tab of ['Windows', 'Mac', 'Linux', 'Mobile']) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
    }
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(href).toMatch(
        /^https:\/\/(www\.wireguard\.com|download\.wireguard\.com|apps\.apple\.com|play\.google\.com)\//,
      );
  });

  it('-> in German, the step that fetches the config is a whole sentence with its verb', async () => {
    await i18next.changeLanguage('de');
    try {
      renderUi(<RacDialog opened onClose={vi.fn()} />);
      await userEvent.click(await screen.findByRole('tab', { name: 'Windows' }));
      const steps = within(screen.getByRole('tabpanel', { name: 'Windows' })).getAllByRole('listitem');
      expect(steps.map((step) => step.textContent)).toContainEqual(
        expect.stringMatching(/^Laden Sie Ihre Konfiguration .* herunter\.$/),
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
