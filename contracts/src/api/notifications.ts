import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../entities/common';
import { defineCall } from './apiCall';

/**
 * A member's notifications (document 1 §2 Header: "a notifications widget (logged-in only)"; what feeds it is ours):
 * what happens to them — moderation decisions on their chatbots and accounts with the reasons, appeal and report
 * outcomes, leaderboard prizes, subscription events. Each is kept once (a retried event never notifies twice), listed
 * newest first, and marked read.
 */

export const NOTIFICATION_KINDS = [
  'account_restricted',
  'account_restriction_lifted',
  'chatbot_moderated',
  'report_outcome',
  'appeal_outcome',
  'leaderboard_prize',
  'subscription',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20 as const;

export const MemberNotificationSchema = z.object({
  id: IdSchema,
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** Where it leads in the app (a path), if anywhere. */
  link: z.string().nullable(),
  created_at: TimestampSchema,
  read: z.boolean(),
});
export type MemberNotification = z.infer<typeof MemberNotificationSchema>;

export const NotificationsQuerySchema = z.object({
  /** The last id of the previous page. */
  before: IdSchema.max(64).optional(),
});

export const NotificationsPageSchema = z.object({
  items: z.array(MemberNotificationSchema),
  unread: z.number().int().min(0),
  /** Pass as `before` for the next page; null on the last. */
  next_before: IdSchema.nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** Marks the given notifications read, or all of them. */
export const MarkReadBodySchema = z.union([
  z.strictObject({ ids: z.array(IdSchema.max(64)).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.input<typeof MarkReadBodySchema>;

/**
 * A browser's Web Push subscription (the Push API's PushSubscription.toJSON()): where the push service takes messages
 * for it, and its keys (RFC 8291). Only https endpoints (http on the loopback outside production, for tests).
 */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.string().trim().url().max(2000),
  keys: z.object({ p256dh: z.string().min(40).max(200), auth: z.string().min(16).max(100) }),
});
export type PushSubscriptionBody = z.input<typeof PushSubscriptionBodySchema>;

export const PUSH_ERROR_CODES = { UNAVAILABLE: 'push_unavailable', BAD_ENDPOINT: 'push_endpoint_refused' } as const;
export const PUSH_ERRORS = {
  [PUSH_ERROR_CODES.UNAVAILABLE]: { status: 503, message: 'Push notifications are not available on this site.' },
  [PUSH_ERROR_CODES.BAD_ENDPOINT]: { status: 400, message: 'This push endpoint is not allowed.' },
} as const;

/** What the service worker receives in a push (the notification, as JSON). */
export const PushPayloadSchema = z.object({ id: IdSchema, title: z.string(), body: z.string(), link: z.string().nullable() });
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export const notificationCalls = {
  list: defineCall({ method: 'GET', path: '/notifications', access: 'member', query: NotificationsQuerySchema, response: NotificationsPageSchema }),
  markRead: defineCall({ method: 'POST', path: '/notifications/read', access: 'member', body: MarkReadBodySchema, response: z.object({ unread: z.number().int().min(0) }) }),
  /** The application server's VAPID public key (base64url), for PushManager.subscribe. */
  pushKey: defineCall({ method: 'GET', path: '/push/key', access: 'member', response: z.object({ public_key: z.string() }) }),
  /** Keeps this browser's subscription for the member (the same endpoint again replaces it). */
  subscribe: defineCall({ method: 'POST', path: '/push/subscriptions', access: 'member', body: PushSubscriptionBodySchema, response: z.object({ subscribed: z.literal(true) }) }),
  /** Forgets a browser's subscription. */
  unsubscribe: defineCall({
    method: 'POST',
    path: '/push/subscriptions/remove',
    access: 'member',
    body: z.object({ endpoint: z.string().trim().max(2000) }),
    response: z.object({ subscribed: z.literal(false) }),
  }),
} as const;
