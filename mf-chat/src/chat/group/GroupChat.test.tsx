import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSignInPrompt } from '@fable/shared';
import { characterProfileFixture } from '@fable/shared/testing';
import { location, renderChatRemote, type ChatRemoteSetup } from '../../testing/renderChatRemote';
import { ChatPage } from '../ChatPage';
import { messageFixture } from '../testing/chatFixtures';
import { installChatStream } from '../testing/fakeChatStream';
import { AUTO_RESPONSE_CAP } from './groupMembers';

/**
 * A group chat on the chat screen against the mock API (shared/src/mocks/resources/chat.ts answers as the API does:
 * one member per reply, its character_id on the message).
 */
const PATHS = ['/chat/:characterId', '/chat/:characterId/:conversationId'];
const members = [
  { id: 'bot1', name: 'Captain Mira', avatar_url: '/api/avatars/mira.svg' },
  { id: 'bot2', name: 'Brother Aldric', avatar_url: null },
];
const group = characterProfileFixture({
  id: 'group1',
  type: 'group',
  name: 'Night Shift',
  title: 'A crew that never sleeps',
  persona: '',
  greeting: '',
  scenario: null,
  dialogue: null,
  avatar_url: null,
  lorebooks: [],
  sub_characters: members,
});

function renderGroup(setup: Partial<ChatRemoteSetup> = {}) {
  window.sessionStorage.clear();
  return renderChatRemote(<ChatPage />, { member: true, url: '/chat/group1/new', path: PATHS, characters: [group], ...setup });
}

const strip = () => screen.getByRole('toolbar', { name: 'Who speaks next' });
const list = () => screen.getByRole('list', { name: 'Messages' });
const input = () => screen.getByRole('textbox', { name: 'Message Night Shift…' });
/** The messages shown, each as "name: text" (the name above the bubble). */
const shown = () =>
  within(list())
    .queryAllByRole('listitem')
    .map((item) => {
      const [name, bubble] = [...item.querySelectorAll(':scope > div > div')].map((d) => d.textContent ?? '');
      return `${name}: ${bubble}`;
    });
const chatCalls = (fake: ReturnType<typeof renderGroup>['fake']) => fake.callsTo('POST /chat').map((c) => c.body as Record<string, unknown>);

beforeEach(() => window.localStorage.clear());

describe('a group chat', () => {
  it('shows the members in the strip with Next, and a hint on an empty chat', async () => {
    renderGroup();
    expect(await screen.findByText('Say something to the group, or pick who speaks first.')).toBeInTheDocument();
    const buttons = within(strip()).getAllByRole('button');
    // Mira's avatar is her picture; Aldric has none: his initials.
    expect(buttons.map((b) => b.textContent)).toEqual(['Captain Mira', 'BABrother Aldric', 'Next']);
    expect(within(strip()).getByRole('img', { name: 'Captain Mira' })).toHaveAttribute('src', '/api/avatars/mira.svg');
  });

  it('a member picked from the strip replies under its name and avatar; Next lets the group choose the other', async () => {
    const { fake } = renderGroup();
    await userEvent.click(await within(await screen.findByRole('toolbar', { name: 'Who speaks next' })).findByRole('button', { name: /Brother Aldric/ }));
    await waitFor(() => expect(shown()).toEqual(['Brother Aldric: *Brother Aldric smiles.* Where were we?']));
    expect(chatCalls(fake)[0]).toMatchObject({ character_id: 'group1', sub_character_id: 'bot2' });
    expect(chatCalls(fake)[0]).not.toHaveProperty('message');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/group1\/conv/));

    await userEvent.click(within(strip()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(chatCalls(fake)[1]).toMatchObject({ sub_character_id: 'AUTO' });
    expect(shown()[1]).toBe('Captain Mira: *Captain Mira smiles.* Where were we?');
    const second = within(list()).getAllByRole('listitem')[1]!;
    expect(within(second).getByRole('img', { name: 'Captain Mira' })).toHaveAttribute('src', '/api/avatars/mira.svg');
  });

  it('with text typed, a member from the strip answers it; Enter lets the server choose (a member named first)', async () => {
    const { fake } = renderGroup();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message Night Shift…' }), 'Hello crew');
    await userEvent.click(within(strip()).getByRole('button', { name: /Captain Mira/ }));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(chatCalls(fake)[0]).toMatchObject({ message: 'Hello crew', sub_character_id: 'bot1' });
    expect(input()).toHaveValue('');

    await userEvent.type(input(), 'Aldric, your turn{Enter}');
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(chatCalls(fake)[1]).not.toHaveProperty('sub_character_id');
    expect(shown()[2]).toBe('Ada: Aldric, your turn');
    expect(shown()[3]).toMatch(/^Brother Aldric: \*Brother Aldric considers your words/);
  });

  it('the reply being written shows the member the stream names from its first token (AUTO), and Stop keeps it as theirs', async () => {
    renderGroup();
    const chatStream = installChatStream();
    try {
      await userEvent.click(await within(await screen.findByRole('toolbar', { name: 'Who speaks next' })).findByRole('button', { name: 'Next' }));
      await waitFor(() => expect(chatStream.calls).toHaveLength(1));
      const call = chatStream.last();
      expect(call.body).toMatchObject({ sub_character_id: 'AUTO' });
      // Before the stream's start the group writes (the server has not said who).
      expect(await screen.findByText('Night Shift is typing…')).toBeInTheDocument();
      act(() => {
        call.stream.event('start', { conversation_id: 'conv9', user_message: null, character_id: 'bot1' });
        call.stream.event('token', { text: 'Full speed' });
      });
      await waitFor(() => expect(shown()).toEqual(['Captain Mira: Full speed']));
      const writing = within(list()).getAllByRole('listitem')[0]!;
      expect(within(writing).getByRole('img', { name: 'Captain Mira' })).toHaveAttribute('src', '/api/avatars/mira.svg');
      expect(screen.getByText('Captain Mira is typing…')).toBeInTheDocument();
      act(() => call.stream.event('token', { text: ' ahead' }));
      await waitFor(() => expect(shown()).toEqual(['Captain Mira: Full speed ahead']));
      // Stopped before its end: the part kept is Mira's too.
      await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
      expect(shown()).toEqual(['Captain Mira: Full speed ahead']);

      // The next turn: the member named by the start, then the saved reply, are the same one.
      await userEvent.click(within(strip()).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(chatStream.calls).toHaveLength(2));
      const next = chatStream.last();
      act(() => {
        next.stream.event('start', { conversation_id: 'conv9', user_message: null, character_id: 'bot2' });
        next.stream.event('token', { text: 'Peace' });
      });
      await waitFor(() => expect(shown()[1]).toBe('Brother Aldric: Peace'));
      act(() => {
        next.stream.event('done', { message: messageFixture('b2', 'assistant', 'Peace, all.', { conversation_id: 'conv9', character_id: 'bot2' }), conversation_id: 'conv9', stopped: false });
        next.stream.close();
      });
      await waitFor(() => expect(shown()[1]).toBe('Brother Aldric: Peace, all.'));
    } finally {
      chatStream.restore();
    }
  });

  it('a guest’s turns send each reply’s member in the history', async () => {
    const { fake } = renderGroup({ member: undefined });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message Night Shift…' }), 'Hello crew{Enter}');
    await waitFor(() => expect(shown()).toHaveLength(2));
    const [, reply] = shown();
    await userEvent.click(within(strip()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    const history = chatCalls(fake)[1]!.history as Array<Record<string, unknown>>;
    expect(history).toEqual([
      { role: 'user', content: 'Hello crew' },
      { role: 'assistant', content: reply!.slice(reply!.indexOf(': ') + 2), character_id: 'bot1' },
    ]);
    // The mock API, as the API, goes on after the member who spoke last.
    expect(shown()[2]!.split(':')[0]).toBe('Brother Aldric');
  });

  it('the strip is one tab stop; arrow keys, Home and End move along it, Enter picks', async () => {
    const { fake } = renderGroup();
    await screen.findByRole('toolbar', { name: 'Who speaks next' });
    const [mira, aldric, next] = within(strip()).getAllByRole('button');
    expect([mira, aldric, next].map((b) => b!.tabIndex)).toEqual([0, -1, -1]);
    act(() => mira!.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(aldric).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(next).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(mira).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(chatCalls(fake)).toHaveLength(1));
    expect(chatCalls(fake)[0]).toMatchObject({ sub_character_id: 'AUTO' });
  });

  it('a chatbot has no strip and no Auto Response entry', async () => {
    renderChatRemote(<ChatPage />, { member: true, url: '/chat/bot1/new', path: PATHS });
    await screen.findByText('Welcome aboard the *Nightingale*, traveller.');
    expect(screen.queryByRole('toolbar', { name: 'Who speaks next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.queryByRole('menuitem', { name: 'Enable Auto Response' })).not.toBeInTheDocument();
  });
});

describe('Auto Response', () => {
  const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: 'Chat options' }));

  it('is in the options menu only behind the groupchat flag', async () => {
    renderGroup({ flags: {} });
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Enable Auto Response' })).not.toBeInTheDocument();
  });

  it('asks guests to create an account', async () => {
    const { store } = renderGroup({ member: undefined });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Enable Auto Response' }));
    expect(selectSignInPrompt(store.getState()).open).toBe(true);
  });

  it('shows members below the top tier the upgrade prompt, with Upgrade to the subscribe page', async () => {
    renderGroup({ tier: 'basic' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Enable Auto Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto Response' });
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    await userEvent.click(within(dialog).getByText('Close'));
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Enable Auto Response' })).toBeInTheDocument();
  });

  it('top tier: after a reply the members answer one another by themselves, up to the cap, then wait', async () => {
    const { fake } = renderGroup({ tier: 'premium' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Enable Auto Response' }));
    expect(await screen.findByText('Auto Response is on: the members answer one another.')).toBeInTheDocument();
    await userEvent.type(input(), 'Report, everyone{Enter}');
    await waitFor(() => expect(chatCalls(fake)).toHaveLength(1 + AUTO_RESPONSE_CAP), { timeout: 15_000 });
    expect(chatCalls(fake).slice(1).map((c) => [c.sub_character_id, c.message])).toEqual(Array.from({ length: AUTO_RESPONSE_CAP }, () => ['AUTO', undefined]));
    await waitFor(() => expect(shown()).toHaveLength(2 + AUTO_RESPONSE_CAP));
    expect(shown().slice(1).map((text) => text.split(':')[0])).toEqual(['Captain Mira', 'Brother Aldric', 'Captain Mira', 'Brother Aldric']);
    // The cap reached, nothing more comes.
    await new Promise((r) => setTimeout(r, 1500));
    expect(chatCalls(fake)).toHaveLength(1 + AUTO_RESPONSE_CAP);
    // The choice stays (this device), and the entry now turns it off.
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Disable Auto Response' }));
    expect(screen.queryByText('Auto Response is on: the members answer one another.')).not.toBeInTheDocument();
  }, 20000);

  it('stops at once when the user types', async () => {
    window.localStorage.setItem('fable:chat:autoResponse:group1', '1');
    const { fake } = renderGroup({ tier: 'premium' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message Night Shift…' }), 'Hi{Enter}');
    await waitFor(() => expect(shown()).toHaveLength(2));
    // Typing before the next member starts: no automatic reply comes.
    await userEvent.type(input(), 'wait');
    await new Promise((r) => setTimeout(r, 1500));
    expect(chatCalls(fake)).toHaveLength(1);
  }, 10000);
});
