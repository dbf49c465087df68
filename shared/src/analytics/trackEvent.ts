import type { AnalyticsEvent, eventCalls } from '@fable/contracts';
import { useCallback } from 'react';
import { api } from '../api/api';
import type { CallOf } from '../api/contractCall';
import { useAppDispatch } from '../store/hooks';
import { getStore, type AppDispatch } from '../store/store';

/** POST event (contracts' eventCalls.event; trackEvent.test.ts compares the values). */
export const EVENT_CALL: CallOf<typeof eventCalls.event> = { method: 'POST', path: '/event' };

/** The analytics events' one endpoint, for the host and every remote (document 1 §7 "Analytics events"). */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analytics_event: build.mutation<{ counted: boolean }, AnalyticsEvent>({
      query: (body) => ({ url: EVENT_CALL.path, method: EVENT_CALL.method, body }),
    }),
  }),
});

/**
 * Sends one analytics event (social media click, switch NSFW, login, sign up, card action) to the API, with the
 * caller's token or guest id like every call, and forgets it: nothing waits for it, a failure changes nothing on the
 * page, and it leaves no trace in the store. Outside React, pass the store's dispatch (the page's one store by default).
 */
export function trackEvent(event: AnalyticsEvent, dispatch: AppDispatch = getStore().dispatch): void {
  void dispatch(analyticsApi.endpoints.analytics_event.initiate(event, { track: false }));
}

/** trackEvent with the store of the component's Provider. */
export function useTrackEvent(): (event: AnalyticsEvent) => void {
  const dispatch = useAppDispatch();
  return useCallback((event: AnalyticsEvent) => trackEvent(event, dispatch), [dispatch]);
}
