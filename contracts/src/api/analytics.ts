import { z } from 'zod';
import { IdSchema } from '../entities/common';
import { AD_EVENT_NAMES, AdEventSchema } from './ads';
import { ANALYTICS_EVENT_NAMES, CARD_ACTIONS, SIGN_IN_METHODS, SOCIAL_NETWORKS } from './analyticsEvents';
import { defineCall } from './apiCall';
import { TRACKING_ID_MAX, TRACKING_ID_PATTERN } from './trackingIds';

/**
 * Analytics events (document 1 §7, the recommender line: "Analytics events: social media click, switch nsfw, login,
 * sign up, card actions"; §4 "Sign-in": "after login with a code in the URL a sign-up event is logged if there is no
 * username, else a login event"). The spec shows no call for them; ours go to the spec's POST event ("event_name
 * plus fields"), beside the ads' events, and the API keeps them. Their fields are not shown either; ours are the
 * least that says what happened. The cart addition (document 1 §4 "Three user messages in a public chat trigger a
 * cart-addition interaction with amount 3") is no client event: the chat records it on the server from the saved
 * messages.
 */

/** Every event_name POST event takes. */
export const EVENT_NAMES = [...ANALYTICS_EVENT_NAMES, ...AD_EVENT_NAMES] as const;

const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { message: `${field} is one of ${values.join(', ')}` });

export const SocialMediaClickEventSchema = z.object({ event_name: z.literal('social_media_click'), network: oneOf('network', SOCIAL_NETWORKS) });
/** The NSFW toggle switched on or off (guests cannot switch it on, document 1 §1). */
export const SwitchNsfwEventSchema = z.object({ event_name: z.literal('switch_nsfw'), enabled: z.boolean() });
export const LoginEventSchema = z.object({ event_name: z.literal('login'), method: oneOf('method', SIGN_IN_METHODS) });
export const SignUpEventSchema = z.object({ event_name: z.literal('sign_up'), method: oneOf('method', SIGN_IN_METHODS) });
export const CardActionEventSchema = z.object({
  event_name: z.literal('card_action'),
  action: oneOf('action', CARD_ACTIONS),
  character_id: IdSchema.max(64),
});

export const AnalyticsEventSchema = z.discriminatedUnion('event_name', [
  SocialMediaClickEventSchema,
  SwitchNsfwEventSchema,
  LoginEventSchema,
  SignUpEventSchema,
  CardActionEventSchema,
]);
export type AnalyticsEvent = z.input<typeof AnalyticsEventSchema>;

/** POST event's body: an analytics event or an ad's (contracts' AdEventSchema). */
export const EventBodySchema = z.discriminatedUnion(
  'event_name',
  [SocialMediaClickEventSchema, SwitchNsfwEventSchema, LoginEventSchema, SignUpEventSchema, CardActionEventSchema, AdEventSchema],
  { error: (issue) => (issue.code === 'invalid_union' ? `event_name is one of ${EVENT_NAMES.join(', ')}` : undefined) },
);
export type EventBody = z.input<typeof EventBodySchema>;

export const ANALYTICS_ERROR_CODES = { NSFW_NOT_ALLOWED: 'nsfw_not_allowed', ALREADY_SIGNED_UP: 'already_signed_up', MEMBERS_ONLY: 'members_only' } as const;
export const ANALYTICS_ERRORS = {
  [ANALYTICS_ERROR_CODES.NSFW_NOT_ALLOWED]: { status: 403, message: 'NSFW can be switched on only by members with explicit content enabled in their profile.' },
  [ANALYTICS_ERROR_CODES.ALREADY_SIGNED_UP]: { status: 409, message: 'A sign-up is logged only for an account that has no username yet.' },
  [ANALYTICS_ERROR_CODES.MEMBERS_ONLY]: { status: 403, message: 'Only signed-in members can do this.' },
} as const;

/** affiliate_id and tap_tracking_id of sign-up (trackingIds.ts), validated. */
export const TrackingIdSchema = z.string().min(1).max(TRACKING_ID_MAX).regex(TRACKING_ID_PATTERN, 'must be printable characters without spaces');

export const eventCalls = {
  /**
   * One event (document 1 §7 POST event). Analytics events from guests and members (the ones only members can take
   * are refused to guests); ads' events from members shown ads. `counted` is false for what was already kept once.
   */
  event: defineCall({ method: 'POST', path: '/event', access: 'guest', body: EventBodySchema, response: z.object({ counted: z.boolean() }) }),
} as const;
