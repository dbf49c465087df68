import { notificationCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { listNotifications, markRead } from './notificationRepository';
import { pushRoutes } from './push/pushRoutes';
import { registerPushDelivery } from './push/pushDelivery';

/**
 * A member's notifications (contracts' notificationCalls): the list with the unread count, and marking read (open to
 * members on hold too: it is how they read why). Web Push subscriptions and delivery are push/.
 */
export const notificationRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock } = deps;
  const list = notificationCalls.list;
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } }, async (request) =>
    listNotifications(db, memberOf(request).userId, request.query.before),
  );

  const read = notificationCalls.markRead;
  app.post(
    read.path,
    { schema: { body: read.body, response: { 200: read.response } }, config: { access: read.access, openWhenRestricted: true } },
    async (request) => ({ unread: await markRead(db, memberOf(request).userId, request.body, clock.now()) }),
  );

  registerPushDelivery(deps);
  await app.register(pushRoutes, deps);
};
