import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@fable/shared';
import { AppProviders, authenticationRequired, becameGuest, createStore, signedIn, type AppStore } from '@fable/shared';
import { MyChatbotsPage } from './MyChatbotsPage';

// A fresh store for each test: the session each one sets up is its own.
let store: AppStore;
beforeEach(() => {
  store = createStore();
});

function renderAt(path = '/my-chatbots') {
  return render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/my-chatbots" element={<MyChatbotsPage />} />
          <Route path="/signup" element={<p>signup page</p>} />
          <Route path="/chatbot/create" element={<p>create page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const member = { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free' as const, roles: ['free_tier' as const] };

it('shows a loader while the session loads', () => {
  renderAt();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
});

it('shows the logged-out marketing page to anonymous users', async () => {
  act(() => {
    store.dispatch(authenticationRequired());
  });
  renderAt();
  expect(screen.getByRole('heading', { level: 1, name: 'All Your Chatbots in One Place' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Create Free Account' }));
  expect(screen.getByText('signup page')).toBeInTheDocument();
});

it('shows the marketing page to guests too', async () => {
  act(() => {
    store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  });
  renderAt();
  expect(screen.getByText('All Your Chatbots in One Place')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Explore Chatbots' }));
  expect(screen.getByText('home page')).toBeInTheDocument();
});

it('shows signed-in users the empty list with a create button', async () => {
  act(() => {
    store.dispatch(signedIn({ user: member, permissions: ['view_my_chat_bots', 'create_character'] }));
  });
  renderAt();
  expect(screen.getByRole('heading', { level: 1, name: 'My Chatbots' })).toBeInTheDocument();
  expect(screen.getByText('No Results Found')).toBeInTheDocument();
  expect(screen.queryByText('All Your Chatbots in One Place')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
  expect(screen.getByText('create page')).toBeInTheDocument();
});
