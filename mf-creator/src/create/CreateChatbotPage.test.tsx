import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { location, renderCreator } from '../testing/renderCreator';
import { CreateChatbotPage } from './CreateChatbotPage';

const CREATE_PATHS = ['/chatbot/create', '/chatbot/create/:draftId'];

it("shows guests the logged-out hero, its cards and the unlock overlay where the application's anonymous_create flag is off", async () => {
  renderCreator(<CreateChatbotPage />, { guest: true, url: '/chatbot/create', path: CREATE_PATHS });
  expect(screen.getByRole('heading', { level: 1, name: 'Unleash Your Creativity: Create Chatbot Characters' })).toBeInTheDocument();
  for (const card of ['Create Public Chatbots', 'Create Private Chatbots', 'Get Rewards']) {
    expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'Unlock Bot Creation' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  const ctas = screen.getAllByRole('link', { name: 'Create Free Account' });
  expect(ctas.length).toBeGreaterThan(0);
  await userEvent.click(ctas[0]!);
  await waitFor(() => expect(location()).toBe('/signup'));
});

it('shows signed-in users the form under its title instead of the hero', async () => {
  renderCreator(<CreateChatbotPage />, { url: '/chatbot/create/draft-1', path: CREATE_PATHS });
  expect(screen.getByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(screen.getByText('Chatbot creation guide')).toBeInTheDocument();
  expect(screen.queryByText('Unleash Your Creativity: Create Chatbot Characters')).not.toBeInTheDocument();
});
