import type { MarkReadBody, NotificationsPage, PushSubscriptionBody, notificationCalls } from '@fable/contracts';
import { api } from '@fable/shared';

// Paths checked against the contracts at compile time only (the shell does not load the contracts' schemas).
type Calls = typeof notificationCalls;
const PATHS: { [K in keyof Calls]: Calls[K]['path'] } = {
  list: '/notifications',
  markRead: '/notifications/read',
  pushKey: '/push/key',
  subscribe: '/push/subscriptions',
  unsubscribe: '/push/subscriptions/remove',
};

/** How often the unread count is asked for while the page is open (and on focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The notifications widget's calls (contracts' notificationCalls), injected with the widget's chunk. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_notifications: build.query<NotificationsPage, { before?: string }>({
      query: ({ before }) => ({ url: PATHS.list, params: before ? { before } : {} }),
    }),
    host_markNotificationsRead: build.mutation<{ unread: number }, MarkReadBody>({
      query: (body) => ({ url: PATHS.markRead, method: 'POST', body }),
    }),
    host_pushKey: build.query<{ public_key: string }, void>({ query: () => PATHS.pushKey }),
    host_pushSubscribe: build.mutation<{ subscribed: true }, PushSubscriptionBody>({
      query: (body) => ({ url: PATHS.subscribe, method: 'POST', body }),
    }),
    host_pushUnsubscribe: build.mutation<{ subscribed: false }, { endpoint: string }>({
      query: (body) => ({ url: PATHS.unsubscribe, method: 'POST', body }),
    }),
  }),
});

export const {
  useHost_notificationsQuery,
  useHost_markNotificationsReadMutation,
  useHost_pushSubscribeMutation,
  useHost_pushUnsubscribeMutation,
} = notificationsApi;
