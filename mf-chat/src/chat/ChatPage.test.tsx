import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSession, selectSignInPrompt, tokensReceived } from '@fable/shared';
import { apiErrorBody, type FakeCall } from '@fable/shared/testing';
import { location, renderChatRemote, toasts, type ChatRemoteSetup } from '../testing/renderChatRemote';
import { ChatPage } from './ChatPage';
import { characterFixture, conversationFixture, messageFixture } from './testing/chatFixtures';
import { installChatStream } from './testing/fakeChatStream';

const PATHS = ['/chat/:characterId', '/chat/:characterId/:conversationId'];
let chatStream: ReturnType<typeof installChatStream>;
afterEach(() => chatStream?.restore());

function renderChat({
  url = '/chat/bot1/new',
  member = true,
  character = characterFixture(),
  handlers = {},
  permissions,
}: {
  url?: string;
  member?: boolean;
  character?: ReturnType<typeof characterFixture>;
  handlers?: ChatRemoteSetup['handlers'];
  permissions?: ChatRemoteSetup['permissions'];
} = {}) {
  window.sessionStorage.clear();
  const result = renderChatRemote(<ChatPage />, {
    member: member ? true : undefined,
    permissions,
    url,
    path: PATHS,
    handlers: { 'GET /characters/bot1': { body: character }, 'GET /personas': { body: { personas: [] } }, ...handlers },
  });
  chatStream = installChatStream();
  return result;
}

const input = () => screen.getByRole('textbox', { name: 'Message Captain Mira…' });
const messages = () => screen.getByRole('list', { name: 'Messages' });

async function sendMessage(text: string) {
  await userEvent.type(input(), text);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(chatStream.calls.length).toBeGreaterThan(0));
  return chatStream.last();
}

const existing = (extra: Partial<Parameters<typeof messageFixture>[3]> = {}) => ({
  'GET /conversations/c1/messages': {
    body: {
      messages: [messageFixture('m1', 'user', 'Hello there'), messageFixture('m2', 'assistant', 'Hi, <i>friend</i>', extra)],
      has_more: false,
      conversation: conversationFixture(),
    },
  },
});

describe('a new chat', () => {
  it('shows the greeting first (HTML stripped), the disclaimer, and no guest banner for members', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    expect(within(messages()).getByText('Welcome aboard, traveller.')).toBeInTheDocument();
    expect(screen.getByText('Conversations are fictional and for entertainment purposes only.')).toBeInTheDocument();
    expect(screen.queryByText(/Unregistered users/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@starwright' })).toHaveAttribute('href', '/creator/starwright');
  });

  it('streams the reply token by token with a typing indicator, then puts the conversation id in the URL', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    const call = await sendMessage('Hello');
    expect(call.body).toMatchObject({ character_id: 'bot1', message: 'Hello' });
    expect(call.body).not.toHaveProperty('conversation_id');
    expect(input()).toHaveValue('');
    expect(within(messages()).getByText('Hello')).toBeInTheDocument();
    expect(await screen.findByText('Captain Mira is typing…')).toBeInTheDocument();
    act(() => {
      call.stream.event('start', { conversation_id: 'c9', user_message: messageFixture('u1', 'user', 'Hello', { conversation_id: 'c9' }) });
      call.stream.event('token', { text: 'Ahoy' });
    });
    expect(await within(messages()).findByText('Ahoy')).toBeInTheDocument();
    act(() => call.stream.event('token', { text: ', sailor' }));
    expect(await within(messages()).findByText('Ahoy, sailor')).toBeInTheDocument();
    expect(location()).toBe('/chat/bot1/new');
    act(() => {
      call.stream.event('done', { message: messageFixture('b1', 'assistant', 'Ahoy, sailor!', { conversation_id: 'c9' }), conversation_id: 'c9', stopped: false });
      call.stream.close();
    });
    await waitFor(() => expect(location()).toBe('/chat/bot1/c9'));
    expect(within(messages()).getByText('Ahoy, sailor!')).toBeInTheDocument();
    expect(screen.queryByText('Captain Mira is typing…')).not.toBeInTheDocument();
    // The next turn goes to the new conversation.
    await sendMessage('More');
    await waitFor(() => expect(chatStream.calls).toHaveLength(2));
    expect(chatStream.last().body).toMatchObject({ conversation_id: 'c9', message: 'More', prev_id: 'b1' });
  });

  it('Stop aborts the stream and keeps the part that was shown', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    const call = await sendMessage('Hello');
    act(() => call.stream.event('token', { text: 'Half a repl' }));
    await within(messages()).findByText('Half a repl');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(call.signal.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
    expect(within(messages()).getByText('Half a repl')).toBeInTheDocument();
    // The kept part has no id yet: the next turn does not name a prev_id.
    await sendMessage('Go on');
    await waitFor(() => expect(chatStream.calls).toHaveLength(2));
    expect(chatStream.last().body).not.toHaveProperty('prev_id');
  });

  it('shows the send button only for non-blank input; Shift+Enter does not send', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await userEvent.type(input(), '   ');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await userEvent.type(input(), 'hi{Shift>}{Enter}{/Shift}there');
    expect(chatStream.calls).toHaveLength(0);
    expect(input()).toHaveValue('   hi\nthere');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    expect(chatStream.last().body.message).toBe('hi\nthere');
  });
});

describe('on the mock API alone (the resources of @fable/mocks, no stand-in stream)', () => {
  it('a member chats: the reply streams from the mock, the URL gets the new conversation, which holds both messages', async () => {
    window.sessionStorage.clear();
    const first = renderChatRemote(<ChatPage />, { member: true, url: '/chat/bot1/new', path: PATHS });
    expect(await within(await screen.findByRole('list', { name: 'Messages' })).findByText(/Welcome aboard the/)).toBeInTheDocument();
    await userEvent.type(input(), 'Where are we?');
    await userEvent.keyboard('{Enter}');
    expect(await within(messages()).findByText(/considers your words/)).toBeInTheDocument();
    await waitFor(() => expect(location()).toMatch(/^\/chat\/bot1\/conv\d+$/));
    const conversationId = location().split('/').pop()!;
    expect(first.fake.db.messages.get(conversationId)?.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('chat errors (document 1 §8)', () => {
  it('says "Chat server is busy." on 503', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    chatStream.refuseNext(503, apiErrorBody('chat_server_busy', 'Chat server is busy.'));
    await userEvent.type(input(), 'Hello{Enter}');
    expect(await screen.findByText('Chat server is busy.')).toBeInTheDocument();
  });

  it('offers members Resubmit on a rate-limit breach and disables the input', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    chatStream.refuseNext(429, apiErrorBody('rate_limited', 'Too many requests. Please wait a moment and try again.'));
    await userEvent.type(input(), 'Hello{Enter}');
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    expect(chatStream.last().body).toMatchObject({ message: 'Hello' });
    expect(input()).not.toBeDisabled();
  });

  it('offers guests Sign Up on a rate-limit breach', async () => {
    const { store } = renderChat({ member: false });
    await screen.findByText('Welcome aboard, traveller.');
    chatStream.refuseNext(429, apiErrorBody('rate_limited', 'Slow down'));
    await userEvent.type(input(), 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Sign Up' }));
    expect(selectSignInPrompt(store.getState()).open).toBe(true);
  });

  it('refreshes an expired access token (the stream is no RTK call) and sends the turn again, once', async () => {
    const { store, fake } = renderChat({
      handlers: {
        // The page refreshes through the shared renewAccessToken: the refresh call is the only one it makes.
        'POST /v2/auth/refresh': { body: { token: 'fresh', refresh_token: 'refresh-2', expires_in: 900 } },
      },
    });
    act(() => {
      store.dispatch(tokensReceived({ accessToken: 'stale', refreshToken: 'refresh-1' }));
    });
    await screen.findByText('Welcome aboard, traveller.');
    chatStream.refuseNext(401, apiErrorBody('token_expired', 'Access token expired'));
    await userEvent.type(input(), 'Hello{Enter}');
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    expect(chatStream.last().headers.Authorization).toBe('Bearer fresh');
    expect(chatStream.last().body).toMatchObject({ message: 'Hello' });
    expect(fake.callsTo('POST /v2/auth/refresh').map((c) => c.body)).toEqual([{ refresh_token: 'refresh-1', attempt_id: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(selectSession(store.getState())).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-2' });
    act(() => {
      chatStream.last().stream.event('done', { message: messageFixture('b1', 'assistant', 'Ahoy!', { conversation_id: 'c9' }), conversation_id: 'c9', stopped: false });
      chatStream.last().stream.close();
    });
    expect(await within(messages()).findByText('Ahoy!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('sends the turn no second time when the access token cannot be refreshed (the session then needs a sign-in)', async () => {
    const { store, fake } = renderChat({
      handlers: {
        'POST /v2/auth/refresh': { status: 401, body: apiErrorBody('token_refresh_failed', 'Unable to refresh token') },
      },
    });
    act(() => {
      store.dispatch(tokensReceived({ accessToken: 'stale', refreshToken: 'spent' }));
    });
    await screen.findByText('Welcome aboard, traveller.');
    chatStream.refuseNext(401, apiErrorBody('token_expired', 'Access token expired'));
    await userEvent.type(input(), 'Hello{Enter}');
    await waitFor(() => expect(selectSession(store.getState()).status).toBe('authentication_required'));
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(1);
    expect(chatStream.calls).toHaveLength(0);
  });

  it('shows the server text when another tab is writing in the conversation (409) and puts the message back in the input', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing() });
    await screen.findByText('Hello there');
    const busy = 'A reply is still being written in this chat. Wait for it to finish, then try again.';
    chatStream.refuseNext(409, apiErrorBody('conversation_busy', busy));
    await userEvent.type(input(), 'Where to next?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(input()).toHaveValue('Where to next?');
    expect(within(messages()).queryByText('Where to next?')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    // Sending again works and clears the notice.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    expect(chatStream.last().body).toMatchObject({ conversation_id: 'c1', message: 'Where to next?' });
    expect(screen.queryByText(busy)).not.toBeInTheDocument();
    expect(within(messages()).getByText('Where to next?')).toBeInTheDocument();
  });

  it('shows the server text when Regenerate is refused because another tab is writing (409)', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing() });
    await screen.findByText('Hello there');
    chatStream.refuseNext(409, apiErrorBody('conversation_busy', 'Busy in another tab.'));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Busy in another tab.');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(within(messages()).getByText('Hi, friend')).toBeInTheDocument();
  });

  it('shows other failures in the error modal titled "Error" with Close', async () => {
    renderChat();
    await screen.findByText('Welcome aboard, traveller.');
    const call = await sendMessage('Hello');
    act(() => call.stream.event('error', { code: 'engine_failed', message: 'The model did not answer.', status: 502 }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('The model did not answer.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the chat is not allowed when the character is private or deleted', async () => {
    renderChat({ handlers: { 'GET /characters/bot1': { status: 404, body: apiErrorBody('not_found', 'Not found') } } });
    expect(await screen.findByText("You are not allowed to chat with this character. It's either private or deleted.")).toBeInTheDocument();
  });

  it('blocks chatting with a blocked creator until unblocked (with confirmation)', async () => {
    const { fake } = renderChat({
      character: characterFixture({ viewer: { is_creator: false, is_favorite: false, rating: null, creator_blocked: true } }),
      handlers: { 'DELETE /users/blocked-creators/creator1': { body: { blocked: [] } } },
    });
    expect(await screen.findByText('You have blocked the creator of this character. Please unblock creator to use this character.')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock Creator' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(fake.callsTo('DELETE /users/blocked-creators/creator1')).toHaveLength(1));
  });

  it('redirects to the chatbots list when the character needs manual review', async () => {
    renderChat({ character: characterFixture({ aicq_manual_review_required: true }) });
    await waitFor(() => expect(location()).toBe('/my-chatbots'));
  });
});

describe('guests', () => {
  it('see the banner and send the conversation so far as history', async () => {
    renderChat({ member: false, url: '/chat/bot1' });
    expect(await screen.findByText('Unregistered users have limited text and image generation and chats are not saved.')).toBeInTheDocument();
    const call = await sendMessage('Hello');
    expect(call.body).toMatchObject({ message: 'Hello', history: [{ role: 'assistant', content: 'Welcome aboard, <b>traveller</b>.' }] });
    act(() => {
      call.stream.event('done', { message: messageFixture('g1', 'assistant', 'Hi guest', { conversation_id: '' }), conversation_id: null, stopped: false });
      call.stream.close();
    });
    await within(messages()).findByText('Hi guest');
    expect(location()).toBe('/chat/bot1');
    expect(JSON.parse(window.sessionStorage.getItem('fable.chat.guest.bot1') ?? '[]')).toHaveLength(3);
  });

  it('get the login prompt on an NSFW bot', async () => {
    const { store } = renderChat({ member: false, character: characterFixture({ is_nsfw: true }) });
    await screen.findByText('Welcome aboard, traveller.');
    expect(selectSignInPrompt(store.getState()).open).toBe(true);
  });
});

describe('a saved conversation', () => {
  it('loads 50 messages a page and the previous ones on demand', async () => {
    const { fake } = renderChat({
      url: '/chat/bot1/c1',
      handlers: {
        'GET /conversations/c1/messages': (call: FakeCall) => ({
          body: call.query.last_id
            ? { messages: [messageFixture('m0', 'assistant', 'Older one')], has_more: false, conversation: conversationFixture() }
            : { messages: [messageFixture('m1', 'user', 'Hello there', { is_last_id: true }), messageFixture('m2', 'assistant', 'Hi')], has_more: true, conversation: conversationFixture() },
        }),
      },
    });
    await screen.findByText('Hello there');
    expect(fake.callsTo('GET /conversations/c1/messages')[0]!.query).toEqual({ limit: '50' });
    await userEvent.click(screen.getByRole('button', { name: 'Load Previous Messages' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(fake.callsTo('GET /conversations/c1/messages')[1]!.query).toEqual({ limit: '50', last_id: 'm1' });
    expect(screen.queryByRole('button', { name: 'Load Previous Messages' })).not.toBeInTheDocument();
  });

  it('pages alternates with buttons and arrow keys (clamped), then continues from the paged one', async () => {
    renderChat({
      url: '/chat/bot1/c1',
      handlers: existing({
        alternates: [
          { id: 'a1', content: 'First try', createdAt: '2026-11-23T09:00:00.000Z' },
          { id: 'a2', content: 'Second try', createdAt: '2026-11-23T09:01:00.000Z' },
        ],
      }),
    });
    await screen.findByText('Hi, friend');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next reply' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous reply' }));
    expect(screen.getByText('Second try')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByText('First try')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Second try')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    expect(chatStream.last().body).toMatchObject({ conversation_id: 'c1', continue_chat: true, alt_message_id: 'a2' });
  });

  it('regenerates the last reply; the old one becomes an alternate', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing() });
    await screen.findByText('Hi, friend');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    const call = chatStream.last();
    expect(call.body).toMatchObject({ conversation_id: 'c1', regenerate: true });
    act(() => {
      call.stream.event('done', { message: messageFixture('m3', 'assistant', 'A new reply'), conversation_id: 'c1', stopped: false });
      call.stream.close();
    });
    expect(await screen.findByText('A new reply')).toBeInTheDocument();
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
  });

  it('answers a user message left without a reply (the engine failed) with Regenerate', async () => {
    const handlers = {
      'GET /conversations/c1/messages': {
        body: { messages: [messageFixture('m1', 'user', 'Hello there')], has_more: false, conversation: conversationFixture() },
      },
    };
    renderChat({ url: '/chat/bot1/c1', handlers });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    const call = chatStream.last();
    expect(call.body).toMatchObject({ conversation_id: 'c1', regenerate: true });
    act(() => {
      call.stream.event('done', { message: messageFixture('m2', 'assistant', 'At last a reply'), conversation_id: 'c1', stopped: false });
      call.stream.close();
    });
    expect(await screen.findByText('At last a reply')).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Alternate replies' })).not.toBeInTheDocument();
  });

  it('autopilot fills the input with a suggested reply', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing() });
    await screen.findByText('Hi, friend');
    await userEvent.click(screen.getByRole('button', { name: 'Autopilot' }));
    await waitFor(() => expect(chatStream.calls).toHaveLength(1));
    const call = chatStream.last();
    expect(call.body).toMatchObject({ autopilot: true });
    expect(await screen.findByText('Writing a suggestion…')).toBeInTheDocument();
    act(() => call.stream.event('token', { text: 'I draw my' }));
    await waitFor(() => expect(input()).toHaveValue('I draw my'));
    act(() => {
      call.stream.event('done', { message: messageFixture('s', 'user', 'I draw my sword.'), conversation_id: 'c1', stopped: false });
      call.stream.close();
    });
    await waitFor(() => expect(input()).toHaveValue('I draw my sword.'));
    expect(within(messages()).queryByText('I draw my sword.')).not.toBeInTheDocument();
  });

  it('edits a message optimistically and puts it back when saving fails; Save is disabled when blank', async () => {
    const { store } = renderChat({
      url: '/chat/bot1/c1',
      handlers: { ...existing(), 'PATCH /messages/m1': { status: 500, body: apiErrorBody('internal', 'boom') } },
    });
    await screen.findByText('Hello there');
    const row = screen.getByText('Hello there').closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = within(row).getByRole('textbox', { name: 'Edit' });
    await userEvent.clear(editor);
    expect(within(row).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(editor, 'Changed');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'The message could not be saved.' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).getByText('Hello there')).toBeInTheDocument();
  });

  it('removes the picked message and all later ones (Cancel / Remove)', async () => {
    const { fake } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'DELETE /conversations/c1/messages': { body: { removed: 2 } } } });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove Messages' }));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Hello there/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.callsTo('DELETE /conversations/c1/messages')).toHaveLength(1));
    expect(fake.callsTo('DELETE /conversations/c1/messages')[0]!.body).toEqual({ ids: ['m1', 'm2'] });
    await waitFor(() => expect(screen.queryByText('Hello there')).not.toBeInTheDocument());
    expect(screen.queryByText('Hi, friend')).not.toBeInTheDocument();
  });

  it('keeps the messages and shows the server text when the removal is refused while a reply is being written (409)', async () => {
    const busy = 'A reply is still being written in this chat. Wait for it to finish, then try again.';
    renderChat({
      url: '/chat/bot1/c1',
      handlers: { ...existing(), 'DELETE /conversations/c1/messages': { status: 409, body: apiErrorBody('conversation_busy', busy) } },
    });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove Messages' }));
    await userEvent.click(screen.getByRole('button', { name: /Hello there/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(within(messages()).getByText('Hello there')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('clones up to a picked message (partial) with a required title, then opens the clone', async () => {
    const { fake, store } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'POST /conversations/c1/clone': { body: { id: 'c2' } }, 'GET /conversations/c2/messages': { body: { messages: [], has_more: false, conversation: conversationFixture({ id: 'c2' }) } } } });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clone Conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Conversation' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Clone' })).toBeDisabled();
    await userEvent.type(title, 'x'.repeat(51));
    expect(within(dialog).getByText('Title is maximum of 50 characters')).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Branch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /Hello there/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(location()).toBe('/chat/bot1/c2'));
    expect(fake.callsTo('POST /conversations/c1/clone')[0]!.body).toEqual({ type: 'partial', title: 'Branch', last_message_id: 'm1' });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Conversation cloned' });
  });

  it('rates a reply once; a low rating asks what was expected, then thanks', async () => {
    const { fake } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'POST /messages/m2/label': { body: messageFixture('m2', 'assistant', 'x') } } });
    await screen.findByText('Hi, friend');
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect(await screen.findByText('What response did you expect?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Repetitive' }));
    expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
    expect(fake.callsTo('POST /messages/m2/label').map((c) => c.body)).toEqual([
      { message_id: 'm2', label: 'bad' },
      { message_id: 'm2', label: 'bad', reason: 'Repetitive' },
    ]);
    for (const name of ['Terrible', 'Bad', 'Great', 'Fantastic']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('does not offer rating again on an already rated reply', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing({ rating: 'great' }) });
    await screen.findByText('Hi, friend');
    expect(screen.getByRole('button', { name: 'Great' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Fantastic' })).toBeDisabled();
  });

  it('reports a reply: reason, then Skip with no comment, then done', async () => {
    const { fake } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'POST /messages/m2/flag': { body: { ok: true } } } });
    await screen.findByText('Hi, friend');
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await within(dialog).findByText('Thanks, the message was reported.')).toBeInTheDocument();
    expect(fake.callsTo('POST /messages/m2/flag')[0]!.body).toEqual({ message_id: 'm2', conversation_id: 'c1', character_id: 'bot1', label: 'Spam' });
  });

  it('Change Persona marks the persona the conversation uses, and the new one after a change', async () => {
    const personas = [
      { id: 'p1', name: 'Rook', avatar_url: null, highlights: 'Castle', is_default: true },
      { id: 'p2', name: 'Queen', avatar_url: null, highlights: 'Board', is_default: false },
    ];
    const messagesPage = existing()['GET /conversations/c1/messages'].body;
    const { fake } = renderChat({
      url: '/chat/bot1/c1',
      handlers: {
        'GET /conversations/c1/messages': { body: { ...messagesPage, conversation: conversationFixture({ user_persona_id: 'p2' }) } },
        'GET /personas': { body: { personas } },
        'PUT /conversations/c1/persona': { body: conversationFixture({ user_persona_id: 'p1' }) },
      },
    });
    await screen.findByText('Hello there');
    const openChangePersona = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Change Persona' }));
      return screen.findByRole('dialog', { name: 'Change Persona' });
    };
    let dialog = await openChangePersona();
    // Queen is the conversation's, not the default Rook.
    expect(await within(dialog).findByRole('radio', { name: /Queen/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Rook/ })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Change' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Rook/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change Persona' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo('PUT /conversations/c1/persona')[0]?.body).toEqual({ user_persona_id: 'p1' });
    dialog = await openChangePersona();
    expect(await within(dialog).findByRole('radio', { name: /Rook/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Queen/ })).not.toBeChecked();
  });

  it('changes the title (max 50, not blank)', async () => {
    const { fake } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'PUT /conversations/c1/label': { body: { result: { label: 'Renamed' } } } } });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change Title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update title' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Nebula trip');
    await userEvent.clear(title);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(title, 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('PUT /conversations/c1/label')[0]?.body).toEqual({ label: 'Renamed' }));
  });

  it('keeps a title changed in a conversation started on this page for Change Title and Clone', async () => {
    renderChat({ handlers: { 'PUT /conversations/c9/label': { body: { result: { label: 'Our voyage' } } } } });
    await screen.findByText('Welcome aboard, traveller.');
    const call = await sendMessage('Hello');
    act(() => {
      call.stream.event('start', { conversation_id: 'c9', user_message: messageFixture('u1', 'user', 'Hello', { conversation_id: 'c9' }) });
      call.stream.event('done', { message: messageFixture('b1', 'assistant', 'Ahoy!', { conversation_id: 'c9' }), conversation_id: 'c9', stopped: false });
      call.stream.close();
    });
    await waitFor(() => expect(location()).toBe('/chat/bot1/c9'));
    const openMenu = async (entry: string) => {
      await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
      await userEvent.click(screen.getByRole('menuitem', { name: entry }));
    };
    await openMenu('Change Title');
    let dialog = await screen.findByRole('dialog', { name: 'Update title' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Our voyage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openMenu('Change Title');
    dialog = await screen.findByRole('dialog', { name: 'Update title' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Our voyage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openMenu('Clone Conversation');
    dialog = await screen.findByRole('dialog', { name: 'Clone Conversation' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Our voyage');
  });

  it('shows the creator Edit Chatbot and no Block Creator', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing(), character: characterFixture({ viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false } }) });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('menuitem', { name: 'Edit Chatbot' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Block Creator' })).not.toBeInTheDocument();
  });
});

describe('the options menu', () => {
  it('blocks the creator after a confirmation', async () => {
    const { fake } = renderChat({ url: '/chat/bot1/c1', handlers: { ...existing(), 'PUT /users/blocked-creators/creator1': { body: { blocked: [] } } } });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Creator' });
    expect(fake.callsTo('PUT /users/blocked-creators/creator1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(fake.callsTo('PUT /users/blocked-creators/creator1')).toHaveLength(1));
  });

  it('adds the bot to favourites', async () => {
    const { fake } = renderChat({
      url: '/chat/bot1/c1',
      handlers: { ...existing(), 'PUT /characters/bot1/favorite': { body: { character_id: 'bot1', is_favorite: true, num_favorites: 2 } } },
    });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add Bot To Favorite' }));
    await waitFor(() => expect(fake.callsTo('PUT /characters/bot1/favorite')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('menuitem', { name: 'Remove Bot From Favorite' })).toBeInTheDocument();
  });

  it('puts a favourite back when it fails and says why in the error modal', async () => {
    renderChat({
      url: '/chat/bot1/c1',
      handlers: { ...existing(), 'PUT /characters/bot1/favorite': { status: 409, body: apiErrorBody('character_favorite_limit', 'Too many favourites.') } },
    });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add Bot To Favorite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Too many favourites.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('menuitem', { name: 'Add Bot To Favorite' })).toBeInTheDocument();
  });

  it('copies the chatbot link where there is no share sheet', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const saved = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const { store } = renderChat({ url: '/chat/bot1/c1', handlers: existing() });
      await screen.findByText('Hello there');
      await userEvent.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Copied to clipboard' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/chatbot/bot1`);
    } finally {
      if (saved) Object.defineProperty(navigator, 'clipboard', saved);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('offers Manage Memories to members holding memory_manager in a saved conversation', async () => {
    renderChat({ url: '/chat/bot1/c1', handlers: existing(), permissions: ['view_chats', 'memory_manager'] });
    await screen.findByText('Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('menuitem', { name: 'Manage Memories' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'View Saved Chats' })).toHaveAttribute('href', '/chats/bot1');
  });
});
