import { apiErrorOf } from '@fable/shared';
import { chatFailureOf } from './chatErrors';

it('gives the spec texts of chat failures (document 1 §8)', () => {
  expect(chatFailureOf({ status: 503 })).toMatchObject({ kind: 'busy', message: 'Chat server is busy.' });
  expect(chatFailureOf({ status: 504 })).toMatchObject({ kind: 'busy', message: 'Chat server is busy.' });
  expect(chatFailureOf({ status: 403, code: 'chat_not_allowed' }).message).toBe(
    "You are not allowed to chat with this character. It's either private or deleted.",
  );
  expect(chatFailureOf({ status: 404 }).kind).toBe('notAllowed');
  expect(chatFailureOf({ status: 403, code: 'creator_blocked' })).toMatchObject({
    kind: 'creatorBlocked',
    message: 'You have blocked the creator of this character. Please unblock creator to use this character.',
  });
});

it('passes a 429 up as a rate-limit breach, with the server text', () => {
  expect(chatFailureOf({ status: 429, code: 'rate_limited', message: 'Slow down' })).toMatchObject({ kind: 'rateLimited', status: 429, message: 'Slow down' });
  expect(chatFailureOf({ status: 429 }).kind).toBe('rateLimited');
});

it('shows the server text of a refusal while another turn writes in the conversation (409 conversation_busy)', () => {
  expect(chatFailureOf({ status: 409, code: 'conversation_busy', message: 'Wait for it.' })).toMatchObject({ kind: 'conversationBusy', message: 'Wait for it.' });
  expect(chatFailureOf({ status: 409, code: 'conversation_busy' }).message).toBe(
    'A reply is still being written in this chat. Wait for it to finish, then try again.',
  );
});

it('shows the server text of other failures, or the generic one', () => {
  expect(chatFailureOf({ status: 500, message: 'Model exploded' })).toMatchObject({ kind: 'generic', message: 'Model exploded' });
  expect(chatFailureOf({ status: null }).message).toBe('Something went wrong!');
});

it('reads a failed RTK Query call through the shared apiErrorOf', () => {
  expect(chatFailureOf(apiErrorOf({ status: 403, data: { error: { code: 'creator_blocked', message: 'x' } } }))).toMatchObject({
    kind: 'creatorBlocked',
    status: 403,
    code: 'creator_blocked',
  });
  expect(chatFailureOf(apiErrorOf({ status: 409, data: { error: { code: 'conversation_busy', message: ' Busy here. ' } } }))).toMatchObject({
    kind: 'conversationBusy',
    message: 'Busy here.',
  });
  expect(chatFailureOf(apiErrorOf({ status: 'FETCH_ERROR' }))).toEqual({ kind: 'generic', message: 'Something went wrong!', status: null, code: null });
});
