import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatAd, ChatMessage, PartnerHiddenFeature, Tier } from '@fable/contracts';
import { location, renderChatRemote } from '../../testing/renderChatRemote';
import { ChatPage } from '../ChatPage';
import { characterFixture, conversationFixture, messageFixture } from '../testing/chatFixtures';

const PATHS = ['/chat/:characterId', '/chat/:characterId/:conversationId'];
const CONVERSATION = '5b0c7a52-1f7e-4c55-9a55-3f4f2e0c1a11';

/** Observers the page made; a test reports how much of the element is on screen. */
const observers: { callback: IntersectionObserverCallback; element: Element | null; disconnected: boolean }[] = [];
class FakeIntersectionObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, element: null, disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
function reportVisible(ratio: number) {
  for (const o of observers.filter((x) => !x.disconnected && x.element)) {
    const entry = { isIntersecting: ratio > 0, intersectionRatio: ratio, target: o.element } as unknown as IntersectionObserverEntry;
    act(() => o.callback([entry], o as unknown as IntersectionObserver));
  }
}
beforeEach(() => {
  observers.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const chatMessages = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) => messageFixture(`m${i + 1}`, i % 2 === 0 ? 'user' : 'assistant', `Line number ${i + 1}`, { conversation_id: CONVERSATION }));

const AD: ChatAd = {
  ad_id: 'house-voice',
  code: 'VOICE',
  content: 'Hear them speak: listen to every reply in a voice of its own.',
  cta: { label: 'Get voices', to: '/subscribe' },
  message_id: 'm11',
};

function renderChat({ count = 12, tier, partner, minimum = 10 }: { count?: number; tier?: Tier; partner?: PartnerHiddenFeature[]; minimum?: number } = {}) {
  window.sessionStorage.clear();
  return renderChatRemote(<ChatPage />, {
    member: true,
    tier,
    partner,
    url: `/chat/bot1/${CONVERSATION}`,
    path: PATHS,
    handlers: {
      'GET /characters/bot1': { body: characterFixture() },
      'GET /personas': { body: { personas: [] } },
      [`GET /conversations/${CONVERSATION}/messages`]: {
        body: { messages: chatMessages(count), has_more: false, conversation: conversationFixture({ id: CONVERSATION, message_count: count, last_message_id: `m${count}` }) },
      },
      'GET /ads/chat': (call) => ({ body: Number(call.query.slot) > 0 && count > minimum ? { ad: AD, min_messages: minimum } : { ad: null, min_messages: minimum } }),
      'POST /event': { body: { counted: true } },
    },
  });
}

const messageList = () => screen.getByRole('list', { name: 'Messages' });
const rowOf = (messageId: string) => messageList().querySelector(`[data-message-id="${messageId}"]`);

describe('house ads in the chat (document 1 §6 display_ads)', () => {
  it('shows a free member the ad, labelled "Ad", after the message the API names, past 10 messages', async () => {
    const { fake } = renderChat({ count: 12 });
    const ad = (await screen.findByText(AD.content)).closest('li')!;
    expect(fake.callsTo('GET /ads/chat').map((c) => c.query)).toEqual([{ conversation_id: CONVERSATION, slot: '1' }]);
    expect(rowOf('m11')?.nextElementSibling).toBe(ad);
    expect(within(ad).getByText('Ad')).toBeInTheDocument();
    const cta = within(ad).getByRole('link', { name: 'Get voices' });
    expect(cta).toHaveAttribute('href', '/subscribe');
    expect(screen.getAllByText('Ad')).toHaveLength(1);
  });

  it('asks nothing at 10 messages or fewer', async () => {
    const { fake } = renderChat({ count: 10 });
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Line number 10');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('GET /ads/chat')).toHaveLength(0);
    expect(screen.queryByText(AD.content)).not.toBeInTheDocument();
  });

  it('never shows a paid member an ad, nor asks for one', async () => {
    const { fake } = renderChat({ count: 30, tier: 'basic' });
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Line number 30');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('GET /ads/chat')).toHaveLength(0);
    expect(screen.queryByText('Ad')).not.toBeInTheDocument();
  });

  it('is hidden where partner mode hides banners', async () => {
    const { fake } = renderChat({ count: 12, partner: ['banners'] });
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Line number 12');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('GET /ads/chat')).toHaveLength(0);
  });

  it('counts with the minimum the API says (ADS_MIN_MESSAGES): at 15, a conversation of 12 shows none and asks no more', async () => {
    const { fake } = renderChat({ count: 12, minimum: 15 });
    await waitFor(() => expect(fake.callsTo('GET /ads/chat')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('GET /ads/chat')).toHaveLength(1);
    expect(screen.queryByText(AD.content)).not.toBeInTheDocument();
  });

  it('asks for the next slot once the conversation passes 20 messages', async () => {
    const { fake } = renderChat({ count: 21 });
    await screen.findByText(AD.content);
    expect(fake.callsTo('GET /ads/chat')[0]?.query).toEqual({ conversation_id: CONVERSATION, slot: '2' });
  });

  it('posts ads_megabrain_click with the ad, its message and the conversation when the call to action is followed', async () => {
    const { fake } = renderChat();
    await userEvent.click(await screen.findByRole('link', { name: 'Get voices' }));
    await waitFor(() => expect(fake.callsTo('POST /event').filter((c) => (c.body as { event_name: string }).event_name === 'ads_megabrain_click')).toHaveLength(1));
    expect(fake.callsTo('POST /event').find((c) => (c.body as { event_name: string }).event_name === 'ads_megabrain_click')?.body).toEqual({
      event_name: 'ads_megabrain_click',
      character_id: 'bot1',
      conversation_id: CONVERSATION,
      ad_id: 'house-voice',
      code: 'VOICE',
      message_id: 'm11',
      content: AD.content,
    });
    expect(location()).toBe('/subscribe');
  });

  it('posts ads_megabrain_view once, when half of the ad is on screen', async () => {
    const { fake } = renderChat();
    await screen.findByText(AD.content);
    reportVisible(0.2);
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.callsTo('POST /event')).toHaveLength(0);
    reportVisible(0.5);
    await waitFor(() => expect(fake.callsTo('POST /event')).toHaveLength(1));
    expect(fake.callsTo('POST /event')[0]?.body).toEqual({
      event_name: 'ads_megabrain_view',
      character_id: 'bot1',
      conversation_id: CONVERSATION,
      ad_id: 'house-voice',
      code: 'VOICE',
      message_id: 'm11',
      content: AD.content,
    });
    reportVisible(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.callsTo('POST /event')).toHaveLength(1);
  });

  it('keeps the chat as it is when the event fails', async () => {
    const { fake } = renderChat();
    fake.override({ 'POST /event': { status: 500, body: { error: { code: 'x', message: 'down' } } } });
    await screen.findByText(AD.content);
    reportVisible(0.6);
    await waitFor(() => expect(fake.callsTo('POST /event')).toHaveLength(1));
    expect(screen.getByText(AD.content)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
