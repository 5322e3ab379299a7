import type { AccessImpact } from '@meshdeck/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui.tsx';
import { ImpactPanel } from './impact-panel.tsx';

const change = (from: string, to: string, before: string[], after: string[]) => ({
  from,
  from_name: from,
  to,
  to_name: to,
  before,
  after,
});

const impact = (changes: AccessImpact['changes']): AccessImpact => ({
  // The server's directed pair counts, which the list (two-way pairs as one line) does not match.
  pairs: { gained: 0, lost: 9 },
  flows: { opened: 0, closed: 0, changed: 0 },
  changes,
  truncated: false,
  broken_assertions: [],
});

describe('ImpactPanel', () => {
  it('-> when a change cuts a two-way pair and a one-way pair, the headline counts the two cuts it lists', () => {
    renderUi(
      <ImpactPanel
        impact={impact([
          change('a', 'b', ['all'], []),
          change('b', 'a', ['all'], []),
          change('a', 'c', ['all'], []),
        ])}
      />,
    );
    expect(screen.getByText('2 connections cut')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/pairs gain access/)).not.toBeInTheDocument();
  });

  it('-> when one pair opens and one is cut, the headline says so in the singular', () => {
    renderUi(<ImpactPanel impact={impact([change('a', 'b', [], ['all']), change('c', 'd', ['all'], [])])} />);
    expect(screen.getByText('1 connection cut, 1 connection opened')).toBeInTheDocument();
  });
});
