import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedFilter } from './segmented-filter.tsx';

const data = [
  { value: 'all', label: 'All' },
  { value: 'relay', label: 'Relay' },
  { value: 'egress', label: 'Egress' },
];

describe('SegmentedFilter', () => {
  it('-> when rendered, is a named radio group with the chosen option checked', () => {
    render(<SegmentedFilter label="Node type" value="relay" onChange={() => undefined} data={data} />);
    expect(screen.getByRole('radiogroup', { name: 'Node type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Relay' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All' })).not.toBeChecked();
  });

  it('-> when another option is clicked, reports its value', async () => {
    const onChange = vi.fn();
    render(<SegmentedFilter label="Node type" value="all" onChange={onChange} data={data} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Egress' }));
    expect(onChange).toHaveBeenCalledWith('egress');
  });

  it('-> when an arrow key is pressed on the chosen option, chooses the next one', async () => {
    const onChange = vi.fn();
    render(<SegmentedFilter label="Node type" value="all" onChange={onChange} data={data} />);
    screen.getByRole('radio', { name: 'All' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith('relay');
  });
});
