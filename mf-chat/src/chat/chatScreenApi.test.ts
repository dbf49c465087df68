import { chatCalls } from '@fable/contracts';
import { olderPageCursor } from './chatScreenApi';
import { CHAT_PATH } from './chatStream';

it('streams on the path of the call contract (the other calls are checked in ../chatApi.test.ts)', () => {
  expect(CHAT_PATH).toBe(chatCalls.chat.path);
});

it('pages older messages from the entry flagged is_last_id, else the oldest', () => {
  const m = (id: string, is_last_id?: boolean) => ({ id, is_last_id }) as never;
  expect(olderPageCursor([m('a'), m('b', true)])).toBe('b');
  expect(olderPageCursor([m('a'), m('b')])).toBe('a');
  expect(olderPageCursor([])).toBeNull();
});
