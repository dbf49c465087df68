import { chatCalls } from '@fable/contracts';
import { CHAT_SCREEN_CALLS, olderPageCursor } from './chatScreenApi';
import { CHAT_PATH } from './chatStream';

it('uses the paths and methods of the call contracts', () => {
  const contracts = chatCalls as Record<string, { method: string; path: string }>;
  for (const [name, call] of Object.entries(CHAT_SCREEN_CALLS)) {
    expect({ name, method: call.method, path: call.path }).toEqual({ name, method: contracts[name]!.method, path: contracts[name]!.path });
  }
  expect(CHAT_PATH).toBe(chatCalls.chat.path);
});

it('pages older messages from the entry flagged is_last_id, else the oldest', () => {
  const m = (id: string, is_last_id?: boolean) => ({ id, is_last_id }) as never;
  expect(olderPageCursor([m('a'), m('b', true)])).toBe('b');
  expect(olderPageCursor([m('a'), m('b')])).toBe('a');
  expect(olderPageCursor([])).toBeNull();
});
