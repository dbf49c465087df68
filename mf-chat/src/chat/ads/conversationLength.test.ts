import { adSlotOf } from '@fable/contracts';
import { messageFixture } from '../testing/chatFixtures';
import { greetingMessage } from '../greeting';
import { conversationLength } from './conversationLength';

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => messageFixture(`m${from + i}`, 'user', `line ${from + i}`));

describe('conversationLength (what adSlotOf is asked about)', () => {
  it('counts the saved messages on screen when every page is loaded, the greeting too (the API saved it with the conversation)', () => {
    expect(conversationLength([greetingMessage('Hi'), ...lines(1, 11)], false, null)).toBe(12);
    expect(adSlotOf(conversationLength([greetingMessage('Hi'), ...lines(1, 10)], false, null))).toBe(1);
    expect(adSlotOf(conversationLength(lines(1, 10), false, null))).toBeNull();
    expect(adSlotOf(conversationLength(lines(1, 11), false, null))).toBe(1);
  });

  it('with older pages unloaded, counts from the conversation as opened plus what came after its last message', () => {
    const conversation = { message_count: 120, last_message_id: 'm120' };
    expect(conversationLength(lines(71, 120), true, conversation)).toBe(120);
    expect(conversationLength(lines(71, 123), true, conversation)).toBe(123);
  });

  it('finds the last message among the alternates of a reply generated again', () => {
    const replies = [...lines(71, 119), messageFixture('m121', 'assistant', 'again', { alternates: [{ id: 'm120', content: 'first', createdAt: '' }] })];
    expect(conversationLength(replies, true, { message_count: 120, last_message_id: 'm120' })).toBe(120);
  });

  it('falls back to the larger of the two when the last message is gone', () => {
    expect(conversationLength(lines(71, 90), true, { message_count: 120, last_message_id: 'gone' })).toBe(120);
  });
});
