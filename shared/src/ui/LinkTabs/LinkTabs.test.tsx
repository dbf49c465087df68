import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { LinkTabs, type LinkTabItem } from './LinkTabs';

const ITEMS: LinkTabItem[] = [
  { id: 'chatbots', to: '/mine', label: 'Chatbots' },
  { id: 'drafts', to: '/mine/drafts', label: 'Drafts', count: 3 },
  { id: 'empty', to: '/mine/empty', label: 'Empty', count: 0 },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('LinkTabs', () => {
  it('is a named navigation of links, the current one marked, counts beside their labels', () => {
    renderWithProviders(<LinkTabs items={ITEMS} current="drafts" label="Sections" />);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Chatbots', 'Drafts3', 'Empty']);
    expect(within(nav).getByRole('link', { name: 'Drafts 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Chatbots' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Chatbots' })).toHaveAttribute('href', '/mine');
  });

  it('goes to the section it names', async () => {
    renderWithProviders(
      <>
        <LinkTabs items={ITEMS} current="chatbots" label="Sections" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { route: '/mine' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Drafts 3' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/mine/drafts');
  });
});
