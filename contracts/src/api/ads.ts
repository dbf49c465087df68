import { z } from 'zod';
import { defineCall } from './apiCall';

/**
 * Ads in chat (document 1 §6 display_ads: "ads in chat once more than 10 messages, minimum configurable, default 10;
 * last 10 messages sent to the ad service"; §7 "POST event … ads_megabrain_view/click (character_id,
 * conversation_id, ad_id, code, message_id, content)"). The ad service is ours and serves house ads (our own plans and
 * features), chosen by what the last 10 messages talk about; never for members without display_ads (every paid tier).
 */

/** More messages than this before an ad shows (the API's ADS_MIN_MESSAGES may raise it). */
export const ADS_MIN_MESSAGES_DEFAULT = 10 as const;
/** The ad service reads this many of the latest messages. */
export const ADS_CONTEXT_MESSAGES = 10 as const;
/** A new ad after every this many more messages. */
export const ADS_EVERY_MESSAGES = 10 as const;

/**
 * Which ad a conversation of `count` messages asks for (one per ADS_EVERY_MESSAGES past the minimum), or null. The
 * minimum is the API's (each answer says it); ADS_MIN_MESSAGES_DEFAULT until one has.
 */
export const adSlotOf = (count: number, minimum: number = ADS_MIN_MESSAGES_DEFAULT): number | null =>
  count > minimum ? Math.floor((count - minimum - 1) / ADS_EVERY_MESSAGES) + 1 : null;

export const ChatAdQuerySchema = z.object({ conversation_id: z.string().uuid(), slot: z.coerce.number().int().min(1).max(10_000) });

/** A house ad placed after a message of the conversation. */
export const ChatAdSchema = z.object({
  ad_id: z.string(),
  code: z.string(),
  /** What it says. */
  content: z.string(),
  cta: z.object({ label: z.string(), to: z.string() }),
  /** The message it follows. */
  message_id: z.string(),
});
export type ChatAd = z.infer<typeof ChatAdSchema>;

export const AD_EVENT_NAMES = ['ads_megabrain_view', 'ads_megabrain_click'] as const;
export const AdEventSchema = z.object({
  event_name: z.enum(AD_EVENT_NAMES, { message: `event_name is one of ${AD_EVENT_NAMES.join(', ')}` }),
  character_id: z.string().min(1).max(64),
  conversation_id: z.string().uuid(),
  ad_id: z.string().min(1).max(64),
  code: z.string().min(1).max(64),
  message_id: z.string().min(1).max(64),
  content: z.string().max(1000),
});
export type AdEvent = z.input<typeof AdEventSchema>;
// An ad seen (half of it visible) or clicked, each counted once, goes to POST event (contracts' eventCalls, analytics.ts).

export const AD_ERROR_CODES = { UNKNOWN_AD: 'ad_unknown', NO_ADS: 'ads_not_shown' } as const;
export const AD_ERRORS = {
  [AD_ERROR_CODES.UNKNOWN_AD]: { status: 404, message: 'No such ad in this conversation.' },
  [AD_ERROR_CODES.NO_ADS]: { status: 403, message: 'Ads are not shown on your plan.' },
} as const;

export const adCalls = {
  /** The house ad for a conversation past the minimum (null below it, or without display_ads). */
  forChat: defineCall({
    method: 'GET',
    path: '/ads/chat',
    access: 'member',
    query: ChatAdQuerySchema,
    response: z.object({ ad: ChatAdSchema.nullable(), min_messages: z.number().int().min(1) }),
  }),
} as const;
