import { z } from 'zod';
import { CountSchema, IdSchema } from './common';

/** Waiting queue status (document 1 §3, §4). */
export const QUEUE_STATUSES = ['waiting', 'access', 'expired', 'refresh'] as const;
export const QueueStatusSchema = z.enum(QUEUE_STATUSES);
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

/** GET queue answer (document 1 §3 "Waiting queue"). time_left and retry_after are seconds; bypass a character id. */
export const WaitingQueueSchema = z.object({
  status: QueueStatusSchema,
  position: CountSchema.optional(),
  time_left: z.number().nonnegative().optional(),
  bypass: IdSchema.nullish(),
  retry_after: z.number().nonnegative().nullish(),
});
export type WaitingQueue = z.infer<typeof WaitingQueueSchema>;
