import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Toolbar } from './Toolbar';

describe('Toolbar', () => {
  it('puts the search first and the controls after it, in order', () => {
    renderWithProviders(
      <Toolbar search={<input aria-label="Search" />}>
        <button type="button">Tags</button>
        <select aria-label="Sort by" />
      </Toolbar>,
    );
    const search = screen.getByRole('textbox', { name: 'Search' });
    const tags = screen.getByRole('button', { name: 'Tags' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(search.compareDocumentPosition(tags) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tags.compareDocumentPosition(sort) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tags.parentElement).toBe(sort.parentElement);
    expect(search.parentElement).toBe(tags.parentElement?.parentElement);
  });

  it('leaves the controls out when there are none', () => {
    const { container } = renderWithProviders(<Toolbar search={<input aria-label="Search" />} />);
    expect(container.firstElementChild?.children).toHaveLength(1);
  });
});
