import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Dropdown, forgetDropdownMenu, loadDropdownMenu, type DropdownItem } from './Dropdown';

const SORTS: DropdownItem[] = [
  { id: 'trending', label: 'Trending' },
  { id: 'top', label: 'Top Rated' },
  { id: 'popular', label: 'Popular' },
  { id: 'latest', label: 'Latest' },
  { id: 'name', label: 'Name' },
];

function Sort({ onSelect }: { onSelect?: (id: string) => void }) {
  const [sort, setSort] = useState('trending');
  return (
    <>
      <Dropdown
        label={`Sort: ${SORTS.find((s) => s.id === sort)?.label}`}
        items={SORTS}
        selectedId={sort}
        onSelect={(id) => {
          setSort(id);
          onSelect?.(id);
        }}
      />
      <p>outside</p>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: /Sort:/ });

describe('Dropdown before any menu of the page was loaded', () => {
  afterEach(() => loadDropdownMenu());

  it('is a plain menu button; its first click loads the menu and opens it on the choice', async () => {
    forgetDropdownMenu();
    const user = userEvent.setup();
    renderWithProviders(<Sort />);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger());
    expect(await screen.findByRole('menu', { name: 'Sort: Trending' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Trending' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('opens from the keyboard where the key asks: ArrowUp on the last item', async () => {
    forgetDropdownMenu();
    const user = userEvent.setup();
    renderWithProviders(<Sort />);
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus());
  });
});

describe('Dropdown', () => {
  it('opens a menu labelled by its button and marks the choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Sort />);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Sort: Trending' });
    expect(trigger()).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitemradio').map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(screen.getByRole('menuitemradio', { name: 'Trending' })).toHaveFocus();
  });

  it('chooses with the mouse, closes and returns focus', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<Sort onSelect={onSelect} />);
    await user.click(trigger());
    await user.click(screen.getByRole('menuitemradio', { name: 'Latest' }));
    expect(onSelect).toHaveBeenCalledWith('latest');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Sort: Latest');
    expect(trigger()).toHaveFocus();
  });

  it('is keyboard navigable: arrows wrap, Home/End, letters, Enter chooses', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<Sort onSelect={onSelect} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Trending' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Trending' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Trending' })).toHaveFocus();
    await user.keyboard('p');
    expect(screen.getByRole('menuitemradio', { name: 'Popular' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('popular');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('opens on the last item with ArrowUp and chooses with Space', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<Sort onSelect={onSelect} />);
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith('name');
  });

  it('closes on Escape (focus back on the button) and on a click outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Sort />);
    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await user.click(trigger());
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes when the button is clicked again and when Tab leaves', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Sort />);
    await user.click(trigger());
    await user.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('skips disabled items and does not choose them', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(
      <Dropdown
        label="Actions"
        onSelect={onSelect}
        items={[
          { id: 'a', label: 'Edit' },
          { id: 'b', label: 'Remove', disabled: true },
          { id: 'c', label: 'Share' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('holds navigation links: router links, outside links and badges', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <Dropdown
              label="Create"
              onSelect={onSelect}
              items={[
                { id: 'chatbot', label: 'Chatbot', to: '/chatbot/create' },
                { id: 'lorebook', label: 'Lorebook', to: '/lorebook/create', badge: 'New' },
                { id: 'help', label: 'Help', href: 'https://help.example' },
              ]}
            />
          }
        />
        <Route path="/lorebook/create" element={<p>lorebook page</p>} />
      </Routes>,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'Lorebook New' })).toHaveAttribute('href', '/lorebook/create');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('lorebook');
    expect(await screen.findByText('lorebook page')).toBeInTheDocument();
  });

  it('follows a link with Space too', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Dropdown label="Go" items={[{ id: 'fav', label: 'Favorite Chatbots', to: '/favorite-bots' }]} />} />
        <Route path="/favorite-bots" element={<p>favorites page</p>} />
      </Routes>,
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.keyboard(' ');
    expect(await screen.findByText('favorites page')).toBeInTheDocument();
  });

  it('closes alone on Escape inside a dialog', async () => {
    const user = userEvent.setup();
    const onParentKey = jest.fn();
    renderWithProviders(
      <dialog open aria-label="Parent" onKeyDown={(e) => e.key === 'Escape' && onParentKey()}>
        <Dropdown label="Menu" items={[{ id: 'x', label: 'X' }]} />
      </dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.keyboard('{Escape}');
    expect(onParentKey).not.toHaveBeenCalled();
  });

  it('can leave the chevron out for an icon-only trigger', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Dropdown label={<span aria-hidden="true">⋯</span>} aria-label="More actions" showChevron={false} items={[{ id: 'x', label: 'X' }]} />);
    const button = screen.getByRole('button', { name: 'More actions' });
    expect(button).not.toHaveTextContent('▼');
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'X' })).toHaveFocus();
  });
});
