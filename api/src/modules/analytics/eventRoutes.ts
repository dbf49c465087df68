import { AD_EVENT_NAMES, eventCalls, type AdEvent, type EventBody } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { recordAdEvent } from '../ads/adRoutes';
import { recordAnalyticsEvent } from './analyticsEvents';

const isAdEvent = (body: EventBody): body is AdEvent => (AD_EVENT_NAMES as readonly string[]).includes(body.event_name);

/**
 * POST /event (document 1 §7 "POST event: event_name plus fields"): the analytics events of guests and members
 * (analyticsEvents.ts) and the ads' views and clicks of members (ads/adRoutes.ts), each validated by its schema in
 * contracts' EventBodySchema (400 with what is wrong).
 */
export const eventRoutes: ApiPlugin = async (app, { db, clock }) => {
  const event = eventCalls.event;
  app.post(event.path, { schema: { body: event.body, response: { 200: event.response } }, config: { access: event.access } }, async (request) => {
    const body = request.body;
    if (isAdEvent(body)) return recordAdEvent({ db, clock }, memberOf(request), body);
    return recordAnalyticsEvent(db, request.caller, body, clock.now());
  });
};
