import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CardGrid } from './CardGrid';

describe('CardGrid', () => {
  it('is a list of its cards, passing on its name and attributes', () => {
    renderWithProviders(
      <CardGrid minColumnPx={280} aria-label="Your chatbots" aria-busy data-testid="grid">
        <li>Aria</li>
        <li>Bram</li>
      </CardGrid>,
    );
    const list = screen.getByRole('list', { name: 'Your chatbots' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Aria', 'Bram']);
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(list).toHaveAttribute('data-testid', 'grid');
  });

  it('lays the cards out in columns of at least the given width', () => {
    renderWithProviders(
      <CardGrid minColumnPx={160} gapPx={20} mobileColumns={2} aria-label="Chatbots">
        <li>A</li>
      </CardGrid>,
    );
    const style = getComputedStyle(screen.getByRole('list', { name: 'Chatbots' }));
    expect(style.display).toBe('grid');
    expect(style.gridTemplateColumns).toBe('repeat(auto-fill, minmax(160px, 1fr))');
    expect(style.gap).toBe('20px');
  });
});
