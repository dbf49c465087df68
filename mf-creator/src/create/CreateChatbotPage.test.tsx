import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@fable/shared';
import { AppProviders, authenticationRequired, getStore } from '@fable/shared';
import { renderCreator } from '../testing/renderCreator';
import { CreateChatbotPage } from './CreateChatbotPage';

function renderAt(path = '/chatbot/create') {
  return render(
    <AppProviders store={getStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/chatbot/create" element={<CreateChatbotPage />} />
          <Route path="/chatbot/create/:draftId" element={<CreateChatbotPage />} />
          <Route path="/signup" element={<p>signup page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

it('shows the logged-out hero, its cards and the unlock overlay', async () => {
  act(() => {
    getStore().dispatch(authenticationRequired());
  });
  renderAt();
  expect(screen.getByRole('heading', { level: 1, name: 'Unleash Your Creativity: Create Chatbot Characters' })).toBeInTheDocument();
  for (const card of ['Create Public Chatbots', 'Create Private Chatbots', 'Get Rewards']) {
    expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'Unlock Bot Creation' })).toBeInTheDocument();
  const ctas = screen.getAllByRole('link', { name: 'Create Free Account' });
  expect(ctas.length).toBeGreaterThan(0);
  await userEvent.click(ctas[0]!);
  expect(screen.getByText('signup page')).toBeInTheDocument();
});

it('shows signed-in users the form under its title instead of the hero', async () => {
  renderCreator(<CreateChatbotPage />, { url: '/chatbot/create/draft-1', path: ['/chatbot/create', '/chatbot/create/:draftId'] });
  expect(screen.getByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(screen.getByText('Chatbot creation guide')).toBeInTheDocument();
  expect(screen.queryByText('Unleash Your Creativity: Create Chatbot Characters')).not.toBeInTheDocument();
});
