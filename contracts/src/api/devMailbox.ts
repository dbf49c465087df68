import { z } from 'zod';
import { EmailSchema } from '../entities/user';
import { TimestampSchema } from '../entities/common';
import { defineCall } from './apiCall';

/** A message kept by the embedded dev mailbox (the API without SMTP_URL, never in production). */
export const DevMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sent_at: TimestampSchema,
});
export type DevMail = z.infer<typeof DevMailSchema>;

export const devCalls = {
  /** Messages sent to an address, newest first. 404 in production or when SMTP is configured. */
  mailbox: defineCall({
    method: 'GET',
    path: '/dev/mailbox',
    access: 'public',
    query: z.object({ email: EmailSchema }),
    response: z.object({ messages: z.array(DevMailSchema) }),
  }),
} as const;
