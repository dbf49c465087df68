import { conversationTitle, conversationTitleError, formatChatTime, lastMessagePreview } from './conversationText';

it('previews the last message without HTML', () => {
  expect(lastMessagePreview({ last_message: { content: '<p>Hi <em>you</em></p>\n<script>x()</script>', createdAt: '' } })).toBe('Hi you');
  expect(lastMessagePreview({ last_message: null, last_text_message: { content: 'text', createdAt: '' } })).toBe('text');
  expect(lastMessagePreview({})).toBe('');
});

it("titles a conversation by its label, else the character's title", () => {
  expect(conversationTitle({ label: ' Quest ', character: { name: 'A', title: 'Bard', avatar_url: null, avatar_is_nsfw: false } })).toBe('Quest');
  expect(conversationTitle({ label: '  ', character: { name: 'A', title: 'Bard', avatar_url: null, avatar_is_nsfw: false } })).toBe('Bard');
});

it('checks conversation titles: non-blank, at most 50', () => {
  expect(conversationTitleError(' ')).toBe('Title is required');
  expect(conversationTitleError('x'.repeat(51))).toBe('Title is maximum of 50 characters');
  expect(conversationTitleError(` ${'x'.repeat(50)} `)).toBeNull();
});

it('shows the time today, the weekday this week, else the date', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  expect(formatChatTime(new Date(2026, 10, 23, 9, 5).toISOString(), now, 'en-GB')).toBe('09:05');
  expect(formatChatTime(new Date(2026, 10, 20, 9, 5).toISOString(), now, 'en-GB')).toBe('Fri');
  expect(formatChatTime(new Date(2026, 0, 2).toISOString(), now, 'en-GB')).toBe('2 Jan');
  expect(formatChatTime(new Date(2025, 0, 2).toISOString(), now, 'en-GB')).toBe('2 Jan 2025');
  expect(formatChatTime(undefined, now)).toBe('');
  expect(formatChatTime('nonsense', now)).toBe('');
});
