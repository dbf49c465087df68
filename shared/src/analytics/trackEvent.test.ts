import { waitFor } from '@testing-library/react';
import { API_HEADERS, eventCalls } from '@fable/contracts';
import { apiErrorBody, mockApi } from '@fable/mocks/node';
import { becameGuest } from '../session/sessionSlice';
import { createStore } from '../store/store';
import { EVENT_CALL, trackEvent } from './trackEvent';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());

function guestStore() {
  const store = createStore();
  store.dispatch(becameGuest({ guestUserId: 'guest-7', permissions: [] }));
  return store;
}

it('uses the method and path of POST event', () => {
  expect(EVENT_CALL).toEqual({ method: eventCalls.event.method, path: eventCalls.event.path });
});

it('sends the event once, as the caller (the guest id here), and keeps nothing of it in the store', async () => {
  fake = mockApi({});
  const store = guestStore();
  trackEvent({ event_name: 'social_media_click', network: 'discord' }, store.dispatch);
  await waitFor(() => expect(fake!.callsTo('POST /event')).toHaveLength(1));
  const calls = fake.callsTo('POST /event');
  expect(calls.map((c) => c.body)).toEqual([{ event_name: 'social_media_click', network: 'discord' }]);
  expect(calls[0]?.headers[API_HEADERS.guestUserId.toLowerCase()]).toBe('guest-7');
  expect(store.getState().api.mutations).toEqual({});
});

it('lets a refused or failed event go without a trace on the page', async () => {
  fake = mockApi({ overrides: { 'POST /event': { status: 500, body: apiErrorBody('internal_error', 'down') } } });
  const store = guestStore();
  expect(() => trackEvent({ event_name: 'switch_nsfw', enabled: false }, store.dispatch)).not.toThrow();
  await waitFor(() => expect(fake!.callsTo('POST /event')).toHaveLength(1));
  // The failed answer has come back by the next turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(store.getState().api.mutations).toEqual({});
  expect(store.getState().notifications.items).toEqual([]);
});
