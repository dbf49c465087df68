import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WaitingQueue } from '@fable/contracts';
import type { FakeCall } from '@fable/shared/testing';
import { renderChatRemote } from '../../testing/renderChatRemote';
import { ChatPage } from '../ChatPage';
import { characterFixture, conversationFixture, messageFixture } from '../testing/chatFixtures';
import { installChatStream } from '../testing/fakeChatStream';

const PATHS = ['/chat/:characterId', '/chat/:characterId/:conversationId'];
let chatStream: ReturnType<typeof installChatStream>;
afterEach(() => chatStream?.restore());

/** GET /queue answers `next()` each time; 50 ms between calls. */
function renderQueued(answers: { next: (call: FakeCall) => WaitingQueue }, options: { url?: string; member?: boolean; permissions?: string[] } = {}) {
  window.sessionStorage.clear();
  window.localStorage.clear();
  const conversation = {
    'GET /conversations/c1/messages': {
      body: {
        messages: [messageFixture('m1', 'user', 'Hello there'), messageFixture('m2', 'assistant', 'Hi, friend')],
        has_more: false,
        conversation: conversationFixture(),
      },
    },
  };
  const result = renderChatRemote(<ChatPage />, {
    member: options.member === false ? undefined : true,
    permissions: options.permissions as never,
    url: options.url ?? '/chat/bot1/c1',
    path: PATHS,
    handlers: {
      'GET /characters/bot1': { body: characterFixture() },
      'GET /personas': { body: { personas: [] } },
      // A reply that throws is the API down (503).
      'GET /queue': (call) => {
        try {
          return { body: answers.next(call) };
        } catch {
          return { status: 503, body: { error: { code: 'chat_server_busy', message: 'Chat server is busy.' } } };
        }
      },
      ...conversation,
    },
  });
  chatStream = installChatStream();
  return result;
}

/** Leaving the page while waiting frees the place: POST queue/leave (awaited, so nothing is sent after the test). */
async function leavePage(result: ReturnType<typeof renderQueued>) {
  result.unmount();
  await waitFor(() => expect(result.fake.callsTo('POST /queue/leave')).toHaveLength(1));
}

const waiting = (position: number, timeLeft?: number): WaitingQueue => ({ status: 'waiting', position, ...(timeLeft !== undefined ? { time_left: timeLeft } : {}), bypass: null, retry_after: 0.05 });
const access: WaitingQueue = { status: 'access', time_left: 1200, bypass: null, retry_after: 1200 };

describe('the waiting room (document 1 §4)', () => {
  it('shows the modal and the banner while waiting, hides the actions, then "Chat is Available"', async () => {
    let open = false;
    renderQueued({ next: () => (open ? access : waiting(3, 240)) });
    const dialog = await screen.findByRole('dialog', { name: 'Waiting Room' });
    expect(within(dialog).getByText('You are in line to chat: 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Estimated wait time: 4 Minutes')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progress to the front of the line' })).toHaveAttribute('aria-valuenow', String(Math.round((1 - 240 / 900) * 100)));
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Waiting' }));
    expect(screen.getByText('Waiting Time is 4 Minutes')).toBeInTheDocument();
    // More than one message and waiting: no regenerate, continue or rating; the composer is off.
    expect(screen.getByText('Hi, friend')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message Captain Mira…' })).toBeDisabled();
    open = true;
    expect(await screen.findByText('Chat is Available')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Waiting Room' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message Captain Mira…' })).toBeEnabled();
  });

  it('shows the position when less than a minute is left or there is no estimate yet', async () => {
    const page = renderQueued({ next: () => waiting(2, 30) });
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Waiting Room' })).getByRole('button', { name: 'Keep Waiting' }));
    expect(screen.getByText('Waiting Room Position: 2')).toBeInTheDocument();
    await leavePage(page);
  });

  it('lines up again after expired (refresh=1), and drops a bypass the server cleared', async () => {
    const calls: FakeCall[] = [];
    const replies: WaitingQueue[] = [{ status: 'refresh', bypass: null, retry_after: 0 }, { status: 'expired', retry_after: 0 }, access];
    renderQueued({ next: (call) => (calls.push(call), replies[Math.min(calls.length - 1, replies.length - 1)]!) }, { url: '/chat/bot1/c1?bypass=abc.1.x' });
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
    expect(calls[0]!.query).toMatchObject({ character_id: 'bot1', bypass: 'abc.1.x' });
    expect(calls[1]!.query).not.toHaveProperty('bypass');
    expect(calls[2]!.query).toMatchObject({ refresh: '1' });
  });

  it('never asks for skip-the-line members', async () => {
    const calls: FakeCall[] = [];
    renderQueued({ next: (call) => (calls.push(call), waiting(1)) }, { permissions: ['site_access', 'skip_waiting_room'] });
    expect(await screen.findByText('Hi, friend')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Waiting Room' })).not.toBeInTheDocument();
  });

  it('on a failed call a member without a subscription waits and asks again', async () => {
    let calls = 0;
    const page = renderQueued({
      next: () => {
        calls += 1;
        throw new Error('down');
      },
    });
    await waitFor(() => expect(calls).toBeGreaterThanOrEqual(1));
    expect(await screen.findByRole('dialog', { name: 'Waiting Room' })).toBeInTheDocument();
    await leavePage(page);
  });
});

it('opens the waiting room with Keep Waiting focused; Escape closes it to the banner', async () => {
  const page = renderQueued({ next: () => waiting(5) });
  const dialog = await screen.findByRole('dialog', { name: 'Waiting Room' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep Waiting' })).toHaveFocus());
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Waiting Room' })).not.toBeInTheDocument();
  expect(screen.getByText('Waiting Room Position: 5')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Waiting Room' }));
  expect(await screen.findByRole('dialog', { name: 'Waiting Room' })).toBeInTheDocument();
  await leavePage(page);
});
