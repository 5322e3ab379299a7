import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui.tsx';
import { FilterSelect } from './filter-select.tsx';
import { mockElementSize } from '@/test/layout.ts';

// jsdom sizes every element 0x0: an open dropdown's positioning would find its input clipped and hide the list.
beforeEach(() => mockElementSize());

const data = [
  { value: 'online', label: 'Healthy' },
  { value: 'offline', label: 'Offline' },
];

describe('FilterSelect', () => {
  it('-> when closed, has no option list in the page; when opened, lists the options', async () => {
    renderUi(<FilterSelect aria-label="Status" data={data} value={null} onChange={() => undefined} />);
    expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(await screen.findByRole('option', { name: 'Offline' })).toBeInTheDocument();
  });

  it('-> when an option is chosen, reports its value; when cleared, reports none', async () => {
    const onChange = vi.fn();
    const { rerender } = renderUi(
      <FilterSelect aria-label="Status" data={data} value={null} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Offline' }));
    expect(onChange).toHaveBeenLastCalledWith('offline', expect.objectContaining({ value: 'offline' }));
    rerender(<FilterSelect aria-label="Status" data={data} value="offline" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(null, null);
  });
});
