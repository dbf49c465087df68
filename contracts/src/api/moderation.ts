import { z } from 'zod';
import { TimestampSchema } from '../entities/common';
import {
  ModerationAuditEntrySchema,
  ModerationDecisionBodySchema,
  ModerationQueueStatusSchema,
  MODERATION_QUEUE_STATUSES,
} from '../entities/moderationAudit';
import { adminPageSchema } from './adminPage';
import { defineCall } from './apiCall';
import { OwnCharacterSchema } from './characters';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Moderation of chatbots by people (ours: the spec shows the statuses and the creator's side, not the tool): the
 * chatbots waiting for a decision, a decision, and the record of decisions. Admins only (the admin permission), on
 * their application's chatbots.
 */

export const MODERATION_QUEUE_PAGE_SIZE = 48 as const;

/** A comma-separated list of queue statuses (`status=pending,rereview_required`); all three when absent. */
export const ModerationQueueQuerySchema = z.object({
  status: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v),
      z.array(ModerationQueueStatusSchema).min(1),
    )
    .default([...MODERATION_QUEUE_STATUSES]),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuerySchema>;

/** A chatbot waiting for a decision: the whole chatbot (definition, moderation report) and since when it waits. */
export const ModerationQueueItemSchema = z.object({
  character: OwnCharacterSchema,
  /** When it entered its current status. */
  waiting_since: TimestampSchema,
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItemSchema>;

/** The oldest waiting first. */
export const ModerationQueueSchema = adminPageSchema(ModerationQueueItemSchema, MODERATION_QUEUE_PAGE_SIZE);
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const ModerationDecisionResultSchema = z.object({
  character: OwnCharacterSchema,
  entry: ModerationAuditEntrySchema,
});
export type ModerationDecisionResult = z.infer<typeof ModerationDecisionResultSchema>;

/** Every recorded decision on a chatbot, oldest first (kept after the chatbot is deleted). */
export const ModerationAuditSchema = z.object({ entries: z.array(ModerationAuditEntrySchema) });
export type ModerationAudit = z.infer<typeof ModerationAuditSchema>;

export const moderationCalls = {
  queue: defineCall({
    method: 'GET',
    path: '/admin/moderation/characters',
    access: 'admin',
    query: ModerationQueueQuerySchema,
    response: ModerationQueueSchema,
  }),
  decide: defineCall({
    method: 'POST',
    path: '/admin/moderation/characters/:characterId/decision',
    access: 'admin',
    params: CharacterIdParamsSchema,
    body: ModerationDecisionBodySchema,
    response: ModerationDecisionResultSchema,
  }),
  audit: defineCall({
    method: 'GET',
    path: '/admin/moderation/characters/:characterId/audit',
    access: 'admin',
    params: CharacterIdParamsSchema,
    response: ModerationAuditSchema,
  }),
} as const;
