import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSignInPrompt } from '@fable/shared';
import { apiErrorBody, renderRoute } from '@fable/shared/testing';
import { location, renderChatRemote, toasts, type ChatRemoteSetup } from '../testing/renderChatRemote';
import { RecentChatsPage } from './RecentChatsPage';
import { conversationFixture } from './testConversations';

const page = (conversations: ReturnType<typeof conversationFixture>[], has_more = false) => ({ body: { conversations, has_more } });

function renderChats(setup: ChatRemoteSetup = {}) {
  return renderChatRemote(<RecentChatsPage />, { url: '/chats', path: '/chats', ...setup });
}

it('tells guests their chats are not saved and opens the sign-in prompt', async () => {
  const { store, fake } = renderChats();
  expect(screen.getByRole('heading', { level: 1, name: 'Recent Chats' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your chats are not saved' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Free Account' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/chats' });
  expect(fake.callsTo('GET /conversations')).toHaveLength(0);
});

it('lists the conversations: avatar, name, title, last message without HTML, link to the chat', async () => {
  renderChats({
    member: true,
    handlers: {
      'GET /conversations': page([
        conversationFixture(),
        conversationFixture({
          id: 'conv2',
          character_id: 'ch2',
          label: 'Our quest',
          character: { name: 'Bo', title: 'Knight', avatar_url: 'https://cdn.test/bo.png', avatar_is_nsfw: true },
          last_message: { content: '<img src=x onerror=alert(1)>Onward', createdAt: '2026-11-21T10:00:00.000Z' },
        }),
      ]),
    },
  });
  const aria = await screen.findByRole('link', { name: /Aria/ });
  expect(aria).toHaveAttribute('href', '/chat/ch1/conv1');
  expect(within(aria).getByText('A wandering bard')).toBeInTheDocument();
  expect(within(aria).getByText('Hello there')).toBeInTheDocument();
  const bo = screen.getByRole('link', { name: /Bo/ });
  expect(within(bo).getByText('Our quest')).toBeInTheDocument();
  expect(within(bo).getByText('Onward')).toBeInTheDocument();
  expect(document.querySelector('img[onerror]')).toBeNull();
  // NSFW avatars are blurred for members with the blur setting (the default).
  expect(within(bo).getByRole('img')).toHaveAttribute('alt', 'Bo (NSFW, hidden)');
  expect(within(aria).getByRole('img')).toHaveAttribute('alt', 'Aria');
  await userEvent.click(aria);
  expect(location()).toBe('/chat/ch1/conv1');
});

it('shows NSFW avatars unblurred to members who turned the blur off', async () => {
  renderChats({
    member: { blurNSFW: false },
    handlers: {
      'GET /conversations': page([conversationFixture({ character: { name: 'Bo', title: 'Knight', avatar_url: 'https://cdn.test/bo.png', avatar_is_nsfw: true } })]),
    },
  });
  const bo = await screen.findByRole('link', { name: /Bo/ });
  await waitFor(() => expect(within(bo).getByRole('img')).toHaveAttribute('alt', 'Bo'));
});

it('loads 25 a page and the next page from the entry flagged is_last_id', async () => {
  const { fake } = renderChats({
    member: true,
    handlers: {
      'GET /conversations': (call) =>
        call.query.last_id === 'conv2'
          ? page([conversationFixture({ id: 'conv3', character: { name: 'Cy', title: 't', avatar_url: null, avatar_is_nsfw: false } })])
          : page([conversationFixture(), conversationFixture({ id: 'conv2', is_last_id: true, character: { name: 'Bo', title: 't', avatar_url: null, avatar_is_nsfw: false } })], true),
    },
  });
  await screen.findByRole('link', { name: /Bo/ });
  expect(fake.callsTo('GET /conversations')[0]?.query).toEqual({ limit: '25' });
  await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
  expect(await screen.findByRole('link', { name: /Cy/ })).toBeInTheDocument();
  expect(fake.callsTo('GET /conversations')[1]?.query).toEqual({ limit: '25', last_id: 'conv2' });
  expect(screen.getByRole('link', { name: /Aria/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
});

it('searches after a 300 ms pause', async () => {
  const { fake } = renderChats({
    member: true,
    handlers: { 'GET /conversations': (call) => (call.query.q ? page([]) : page([conversationFixture()])) },
  });
  await screen.findByRole('link', { name: /Aria/ });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'knight');
  expect(fake.callsTo('GET /conversations').filter((c) => c.query.q)).toHaveLength(0);
  expect(await screen.findByText('No chats match "knight".')).toBeInTheDocument();
  expect(fake.callsTo('GET /conversations').filter((c) => c.query.q)).toEqual([expect.objectContaining({ query: { limit: '25', q: 'knight' } })]);
});

it('lists without a search box in the older variant (my_chats_v2 off)', async () => {
  const { fake } = renderChats({ member: true, flags: { my_chats_v2: false }, handlers: { 'GET /conversations': () => page([conversationFixture()]) } });
  await screen.findByRole('link', { name: /Aria/ });
  expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  expect(fake.callsTo('GET /conversations')).toEqual([expect.objectContaining({ query: { limit: '25' } })]);
});

it('deletes a chat after confirmation, with a toast and a fresh list', async () => {
  let deleted = false;
  const { fake, store } = renderChats({
    member: true,
    handlers: {
      'GET /conversations': () => page(deleted ? [] : [conversationFixture()]),
      'DELETE /conversations/conv1': () => {
        deleted = true;
        return { body: { ok: true } };
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the chat with Aria' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Chat' });
  expect(within(dialog).getByText('Delete this chat with Aria? Its messages will be lost.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  expect(fake.callsTo('DELETE /conversations/conv1')).toHaveLength(1);
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Chat deleted' });
});

it('keeps the dialog open with the server message when the delete fails', async () => {
  renderChats({
    member: true,
    handlers: { 'GET /conversations': page([conversationFixture()]), 'DELETE /conversations/conv1': { status: 500, body: apiErrorBody('internal_error', 'Database down') } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the chat with Aria' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Database down');
});

it('renames a chat: non-blank, at most 50, saved with PUT label', async () => {
  const { fake, store } = renderChats({
    member: true,
    handlers: {
      'GET /conversations': page([conversationFixture({ label: 'Old' })]),
      'PUT /conversations/conv1/label': (call) => ({ body: { result: { label: (call.body as { label: string }).label } } }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Change Title of the chat with Aria' }));
  const dialog = screen.getByRole('dialog', { name: 'Update title' });
  const input = within(dialog).getByRole('textbox', { name: 'Title' });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await userEvent.clear(input);
  await userEvent.type(input, '   ');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Title is required');
  expect(save).toBeDisabled();
  await userEvent.clear(input);
  await userEvent.type(input, 'x'.repeat(51));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Title is maximum of 50 characters');
  expect(save).toBeDisabled();
  await userEvent.clear(input);
  await userEvent.type(input, '  The long road  ');
  await userEvent.click(save);
  await waitFor(() => expect(fake.callsTo('PUT /conversations/conv1/label')[0]?.body).toEqual({ label: 'The long road' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts(store)).toContainEqual({ type: 'success', message: 'Title updated' });
});

it("keeps the Update title dialog open with the server's message when the rename fails", async () => {
  const { fake } = renderChats({
    member: true,
    handlers: {
      'GET /conversations': page([conversationFixture({ label: 'Old' })]),
      'PUT /conversations/conv1/label': { status: 422, body: apiErrorBody('validation_failed', 'Title is not allowed') },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Change Title of the chat with Aria' }));
  const dialog = screen.getByRole('dialog', { name: 'Update title' });
  const input = within(dialog).getByRole('textbox', { name: 'Title' });
  await userEvent.type(input, ' and new{Enter}');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Title is not allowed');
  expect(fake.callsTo('PUT /conversations/conv1/label')[0]?.body).toEqual({ label: 'Old and new' });
  await userEvent.type(input, '!');
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
});

it('shows the empty state and the load failure with Try Again', async () => {
  let fail = true;
  renderChats({
    member: true,
    handlers: { 'GET /conversations': () => (fail ? { status: 500, body: apiErrorBody('internal_error', 'x') } : page([])) },
  });
  const retry = await screen.findByRole('button', { name: 'Try Again' });
  fail = false;
  await userEvent.click(retry);
  expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Explore Chatbots' }));
  expect(location()).toBe('/');
});

it('shows a loader while the session loads', () => {
  renderRoute(<RecentChatsPage />, { url: '/chats', path: '/chats' });
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
});
