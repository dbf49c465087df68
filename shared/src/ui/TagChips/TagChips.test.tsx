import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { TagChips, type TagChipState } from './TagChips';

describe('TagChips', () => {
  it('lists tags given as strings or items', () => {
    renderWithProviders(<TagChips label="Tags" tags={['Fantasy', { id: 'sci-fi', label: 'Sci-Fi' }]} />);
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Fantasy', 'Sci-Fi']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows include/exclude states on static chips too', () => {
    renderWithProviders(<TagChips tags={['A', 'B', 'C']} states={{ A: 'include', B: 'exclude' }} />);
    const [a, b, c] = screen.getAllByRole('listitem');
    expect(a).toHaveAttribute('data-state', 'include');
    expect(a).toHaveTextContent('A, included');
    expect(b).toHaveTextContent('B, excluded');
    expect(c).toHaveAttribute('data-state', 'none');
  });

  it('toggles include on and off', async () => {
    const user = userEvent.setup();
    const onStateChange = jest.fn();
    const { rerender } = renderWithProviders(<TagChips tags={['Romance']} states={{}} onStateChange={onStateChange} />);
    const chip = screen.getByRole('button', { name: 'Romance' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    expect(onStateChange).toHaveBeenLastCalledWith('Romance', 'include');
    rerender(<TagChips tags={['Romance']} states={{ Romance: 'include' }} onStateChange={onStateChange} />);
    const included = screen.getByRole('button', { name: 'Romance, included' });
    expect(included).toHaveAttribute('aria-pressed', 'true');
    await user.click(included);
    expect(onStateChange).toHaveBeenLastCalledWith('Romance', null);
  });

  it('cycles none → include → exclude → none with allowExclude', async () => {
    function Filter() {
      const [states, setStates] = useState<Record<string, TagChipState | undefined>>({});
      return (
        <TagChips
          tags={['Horror']}
          allowExclude
          states={states}
          onStateChange={(id, next) => setStates((s) => ({ ...s, [id]: next ?? undefined }))}
        />
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Filter />);
    await user.click(screen.getByRole('button', { name: 'Horror' }));
    await user.click(screen.getByRole('button', { name: 'Horror, included' }));
    const excluded = screen.getByRole('button', { name: 'Horror, excluded' });
    expect(excluded).toHaveAttribute('aria-pressed', 'true');
    await user.click(excluded);
    expect(screen.getByRole('button', { name: 'Horror' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('removes a tag', async () => {
    const user = userEvent.setup();
    const onRemove = jest.fn();
    renderWithProviders(<TagChips tags={['Anime', 'Drama']} onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Remove Drama' }));
    expect(onRemove).toHaveBeenCalledWith('Drama');
  });

  it('disables every button when disabled', () => {
    renderWithProviders(<TagChips tags={['A']} onStateChange={jest.fn()} onRemove={jest.fn()} removeLabel={(l) => `Drop ${l}`} disabled />);
    expect(screen.getByRole('button', { name: 'A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drop A' })).toBeDisabled();
  });
});
