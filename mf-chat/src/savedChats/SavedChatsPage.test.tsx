import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { location, renderChatRemote } from '../testing/renderChatRemote';
import { conversationFixture } from '../recentChats/testConversations';
import { SavedChatsPage } from './SavedChatsPage';

it("lists one character's conversations with Start New Chat", async () => {
  const { fake } = renderChatRemote(<SavedChatsPage />, {
    member: true,
    url: '/chats/ch1',
    path: '/chats/:characterId',
    handlers: { 'GET /characters/ch1/conversations': { body: { conversations: [conversationFixture({ label: 'First try' })], has_more: false } } },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Saved Chats with Aria' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /First try/ })).toHaveAttribute('href', '/chat/ch1/conv1');
  expect(fake.callsTo('GET /characters/ch1/conversations')[0]?.query).toEqual({ limit: '25' });
  await userEvent.click(screen.getByRole('link', { name: 'Start New Chat' }));
  expect(location()).toBe('/chat/ch1/new');
});

it('shows the empty state with Start New Chat', async () => {
  renderChatRemote(<SavedChatsPage />, {
    member: true,
    url: '/chats/ch9',
    path: '/chats/:characterId',
    handlers: { 'GET /characters/ch9/conversations': { body: { conversations: [], has_more: false } } },
  });
  expect(await screen.findByRole('heading', { name: 'No saved chats with this chatbot' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Start New Chat' })[1]).toHaveAttribute('href', '/chat/ch9/new');
});

it('tells guests their chats are not saved', () => {
  renderChatRemote(<SavedChatsPage />, { url: '/chats/ch1', path: '/chats/:characterId' });
  expect(screen.getByRole('heading', { name: 'Your chats are not saved' })).toBeInTheDocument();
});
