import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpenedOnce } from './opened-once.tsx';

describe('OpenedOnce', () => {
  it('-> when never opened, renders nothing; once opened, keeps its dialog after it closes', () => {
    const { rerender } = render(
      <OpenedOnce opened={false}>
        <p>dialog</p>
      </OpenedOnce>,
    );
    expect(screen.queryByText('dialog')).not.toBeInTheDocument();
    rerender(
      <OpenedOnce opened>
        <p>dialog</p>
      </OpenedOnce>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
    rerender(
      <OpenedOnce opened={false}>
        <p>dialog</p>
      </OpenedOnce>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });
});
