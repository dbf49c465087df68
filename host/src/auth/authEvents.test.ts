import { waitFor } from '@testing-library/react';
import { createStore, tokensReceived } from '@fable/shared';
import { apiUserFixture, mockApi } from '@fable/shared/testing';
import { authEventFor, trackAuthEvent } from './authEvents';
import { completeSignIn } from './sessionLifecycle';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());

describe('login and sign-up events (document 1 §4 "Sign-in", §7 "Analytics events")', () => {
  it('names a sign-up when the account has no username yet, else a login', () => {
    expect(authEventFor(null)).toBe('sign_up');
    expect(authEventFor('')).toBe('sign_up');
    expect(authEventFor('ada')).toBe('login');
  });

  it('sends the event to the API with the new tokens, and announces it on the window', async () => {
    fake = mockApi({});
    const store = createStore();
    store.dispatch(tokensReceived(fake.memberTokens));
    const announced: unknown[] = [];
    const listen = (e: Event) => announced.push((e as CustomEvent).detail);
    window.addEventListener('fable:analytics', listen);
    trackAuthEvent('login', { method: 'email' }, store.dispatch);
    window.removeEventListener('fable:analytics', listen);
    await waitFor(() => expect(fake!.callsTo('POST /event')).toHaveLength(1));
    const call = fake.callsTo('POST /event')[0]!;
    expect(call.body).toEqual({ event_name: 'login', method: 'email' });
    expect(call.headers.authorization).toBe(`Bearer ${fake.memberTokens.accessToken}`);
    expect(announced).toEqual([{ event: 'login', method: 'email' }]);
  });

  it('a completed sign-in sends one event: sign_up without a username, login with one', async () => {
    fake = mockApi({});
    const tokens = { token: 'a1', refresh_token: 'r1' };
    completeSignIn(createStore(), { ...tokens, user: apiUserFixture({ username: null }) }, 'social');
    completeSignIn(createStore(), { ...tokens, user: apiUserFixture({ username: 'ada' }) }, 'email');
    await waitFor(() => expect(fake!.callsTo('POST /event')).toHaveLength(2));
    expect(fake.callsTo('POST /event').map((c) => c.body)).toEqual([
      { event_name: 'sign_up', method: 'social' },
      { event_name: 'login', method: 'email' },
    ]);
  });
});
