import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { SearchBox } from './SearchBox';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const box = () => screen.getByRole('searchbox', { name: 'Search chatbots' });

function renderBox(value = '', onCommit = jest.fn()) {
  const view = renderWithProviders(<SearchBox value={value} onCommit={onCommit} debounceMs={300} label="Search chatbots" placeholder="Find one" />);
  const rerender = (next: string) => view.rerender(<SearchBox value={next} onCommit={onCommit} debounceMs={300} label="Search chatbots" placeholder="Find one" />);
  return { onCommit, rerender };
}

describe('SearchBox', () => {
  it('is a named search box with its placeholder, showing the search in force', () => {
    renderBox('elf');
    expect(screen.getByRole('search')).toContainElement(box());
    expect(box()).toHaveValue('elf');
    expect(box()).toHaveAttribute('placeholder', 'Find one');
    expect(box()).toHaveAttribute('maxLength', '200');
  });

  it('commits once, after typing has stopped for the delay', async () => {
    const { onCommit } = renderBox();
    await user().type(box(), 'orc');
    expect(onCommit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(299));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onCommit.mock.calls).toEqual([['orc']]);
  });

  it('commits at once on Enter, and not again after the delay', async () => {
    const { onCommit } = renderBox();
    await user().type(box(), 'elf{Enter}');
    expect(onCommit.mock.calls).toEqual([['elf']]);
    act(() => jest.advanceTimersByTime(1000));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('shows a search that changes from outside and drops what was pending', async () => {
    const { onCommit, rerender } = renderBox('elf');
    await user().type(box(), 'x');
    rerender('dwarf');
    expect(box()).toHaveValue('dwarf');
    act(() => jest.advanceTimersByTime(1000));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('keeps what the user typed on when its own commit comes back', async () => {
    const { onCommit, rerender } = renderBox();
    const u = user();
    await u.type(box(), 'ab');
    act(() => jest.advanceTimersByTime(300));
    await u.type(box(), 'c');
    rerender('ab');
    expect(onCommit.mock.calls).toEqual([['ab']]);
    expect(box()).toHaveValue('abc');
  });
});
