import type { z } from 'zod';
import { DisplayNameSchema, EmailSchema, PartnerNameSchema, PartnerUsernameSchema, UsernameSchema } from '@fable/contracts';

/** Main signup or the partner variant (document 1 §5: partner usernames and names at least 4). */
export type SignupVariant = 'main' | 'partner';

function firstError(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The username's rule message (required, length, characters), or null: availability is checked apart. */
export function usernameError(value: string, variant: SignupVariant = 'main'): string | null {
  return firstError(variant === 'partner' ? PartnerUsernameSchema : UsernameSchema, value);
}

/** The display name's rule message, or null. */
export function nameError(value: string, variant: SignupVariant = 'main'): string | null {
  return firstError(variant === 'partner' ? PartnerNameSchema : DisplayNameSchema, value);
}

/** The email's message (relay-domain accounts, /update-email), or null. */
export function emailError(value: string): string | null {
  return firstError(EmailSchema, value);
}

/** Usernames are stored lower-case (document 1 §3). */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}
