import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { ToolbarSelect } from './ToolbarSelect';

describe('ToolbarSelect', () => {
  it('is a select named by its label, offering plain values as they are', async () => {
    const onChange = jest.fn();
    renderWithProviders(<ToolbarSelect label="Filter" value="All" options={['All', 'Public', 'Under Review'] as const} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Filter' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Public', 'Under Review']);
    expect(select).toHaveValue('All');
    await userEvent.selectOptions(select, 'Under Review');
    expect(onChange).toHaveBeenCalledWith('Under Review');
  });

  it('shows labels and gives back the value of labelled options', async () => {
    const onChange = jest.fn();
    const options = [
      { value: 'top_rated', label: 'Top Rated' },
      { value: 'name', label: 'Name' },
    ] as const;
    renderWithProviders(<ToolbarSelect label="Sort by" labelPosition="beside" value="name" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('name');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Top Rated', 'Name']);
    await userEvent.selectOptions(select, 'Top Rated');
    expect(onChange.mock.calls).toEqual([['top_rated']]);
  });
});
