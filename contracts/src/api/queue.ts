import { z } from 'zod';
import { CountSchema, IdSchema, TimestampSchema } from '../entities/common';
import { WaitingQueueSchema } from '../entities/queue';
import { defineCall } from './apiCall';

/**
 * The waiting queue (document 1 §4 "Waiting queue", §7 GET queue). The spec shows no path for leaving the line
 * or for making bypass links: ours.
 */

/** A signed bypass parameter: `<character id>.<expiry in seconds>.<signature>` (the API signs and checks it). */
export const QUEUE_BYPASS_PATTERN = /^[A-Za-z0-9-]{1,64}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;

export const QueueQuerySchema = z.object({
  /** The character whose chat is open: the fixed bypassed character and a bypass link are for one character. */
  character_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'character_id must be a character id').optional(),
  /** The `bypass` parameter of the page's URL. */
  bypass: z.string().regex(QUEUE_BYPASS_PATTERN, 'bypass must be the parameter of a bypass link').optional(),
  /** After `expired`: line up again. */
  refresh: z.enum(['1', '0']).optional(),
});
export type QueueQuery = z.input<typeof QueueQuerySchema>;

export const BypassLinkBodySchema = z.strictObject({
  character_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'character_id must be a character id'),
  /** How long the link works, in hours (at most 30 days). */
  hours: z.number().int().min(1).max(720),
});

export const BypassLinkSchema = z.object({
  bypass: z.string(),
  /** The chat page with the parameter, under the site's origin. */
  path: z.string(),
  expires_at: TimestampSchema,
  character_id: IdSchema,
});
export type BypassLink = z.infer<typeof BypassLinkSchema>;

/**
 * The line as a newcomer would meet it, without joining it (the home listing's waiting-queue banner, document 1 §2):
 * whether the waiting room concerns the caller, how many wait, and the measured wait for one more (absent until
 * slots have been freed to measure it).
 */
export const QueueOutlookSchema = z.object({
  applies: z.boolean(),
  waiting: CountSchema,
  time_left: z.number().nonnegative().optional(),
});
export type QueueOutlook = z.infer<typeof QueueOutlookSchema>;

export const queueCalls = {
  outlook: defineCall({ method: 'GET', path: '/queue/outlook', access: 'guest', response: QueueOutlookSchema }),
  status: defineCall({ method: 'GET', path: '/queue', access: 'guest', query: QueueQuerySchema, response: WaitingQueueSchema }),
  /** The page is left (pagehide): the place in line is freed at once rather than when it is no longer polled. */
  leave: defineCall({ method: 'POST', path: '/queue/leave', access: 'guest', response: z.object({ left: z.boolean() }) }),
  bypassLink: defineCall({ method: 'POST', path: '/admin/queue/bypass-links', access: 'admin', body: BypassLinkBodySchema, response: BypassLinkSchema }),
} as const;
