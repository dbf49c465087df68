import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@fable/shared';
import { AppProviders, authenticationRequired, becameGuest, getStore, signedIn } from '@fable/shared';
import { RecentChatsPage } from './RecentChatsPage';

function renderChats() {
  return render(
    <AppProviders store={getStore()}>
      <MemoryRouter initialEntries={['/chats']}>
        <Routes>
          <Route path="/chats" element={<RecentChatsPage />} />
          <Route path="/signup" element={<p>signup page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

it('shows a loader while the session loads', () => {
  renderChats();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
});

it('tells guests their chats are not saved and offers a free account', async () => {
  act(() => {
    getStore().dispatch(becameGuest({ guestUserId: 'g1', permissions: ['view_chats'] }));
  });
  renderChats();
  expect(screen.getByRole('heading', { level: 1, name: 'Recent Chats' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your chats are not saved' })).toBeInTheDocument();
  expect(screen.getByText(/Unregistered users have limited text and image generation and chats are not saved\./)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Create Free Account' }));
  expect(screen.getByText('signup page')).toBeInTheDocument();
});

it('shows anonymous users the same guest state', async () => {
  act(() => {
    getStore().dispatch(authenticationRequired());
  });
  renderChats();
  expect(screen.getByText('Your chats are not saved')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Explore Chatbots' }));
  expect(screen.getByText('home page')).toBeInTheDocument();
});

it('shows members the empty state with a way to explore', async () => {
  act(() => {
    getStore().dispatch(
      signedIn({
        user: { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: ['free_tier'] },
        permissions: ['view_chats'],
      }),
    );
  });
  renderChats();
  expect(screen.getByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  expect(screen.queryByText('Your chats are not saved')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Explore Chatbots' }));
  expect(screen.getByText('home page')).toBeInTheDocument();
});
