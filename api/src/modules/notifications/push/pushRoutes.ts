import { randomUUID } from 'node:crypto';
import { notificationCalls, PUSH_ERROR_CODES, PUSH_ERRORS } from '@fable/contracts';
import { memberOf } from '../../../http/access';
import { AppError } from '../../../http/appError';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { pushEndpointAllowed } from './pushEndpoints';
import { loadVapidKeys, type VapidKeys } from './vapidKeys';

const error = (code: keyof typeof PUSH_ERRORS) => AppError.of(PUSH_ERRORS, code);

/**
 * Web Push subscriptions (contracts' notificationCalls.pushKey, subscribe, unsubscribe): the VAPID public key, and a
 * browser's subscription kept for the member (the same endpoint again, from the same or another member, replaces it:
 * one endpoint is one browser profile). 503 push_unavailable in production without VAPID keys.
 */
export const pushRoutes: ApiPlugin = async (app, { db, clock, config }) => {
  let keys: Promise<VapidKeys | null> | null = null;
  const vapid = async () => {
    keys ??= loadVapidKeys(db, config);
    const loaded = await keys;
    if (!loaded) throw error(PUSH_ERROR_CODES.UNAVAILABLE);
    return loaded;
  };

  const key = notificationCalls.pushKey;
  app.get(key.path, { schema: { response: { 200: key.response } }, config: { access: key.access } }, async () => ({ public_key: (await vapid()).publicKey }));

  const subscribe = notificationCalls.subscribe;
  app.post(subscribe.path, { schema: { body: subscribe.body, response: { 200: subscribe.response } }, config: { access: subscribe.access } }, async (request) => {
    await vapid();
    const member = memberOf(request);
    const { endpoint, keys: k } = request.body;
    if (!pushEndpointAllowed(endpoint, config.nodeEnv === 'test')) throw error(PUSH_ERROR_CODES.BAD_ENDPOINT);
    await db.query(
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, session_id) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
         created_at = excluded.created_at, session_id = excluded.session_id`,
      [randomUUID(), member.userId, endpoint, k.p256dh, k.auth, clock.now(), member.sessionId],
    );
    return { subscribed: true as const };
  });

  const unsubscribe = notificationCalls.unsubscribe;
  app.post(unsubscribe.path, { schema: { body: unsubscribe.body, response: { 200: unsubscribe.response } }, config: { access: unsubscribe.access, openWhenRestricted: true } }, async (request) => {
    await db.query('delete from push_subscriptions where endpoint = $1 and user_id = $2', [request.body.endpoint, memberOf(request).userId]);
    return { subscribed: false as const };
  });
};
