import { z } from 'zod';
import { PermissionSchema, RoleSchema, TierSchema } from '../permissions/permissions';
import { ACCOUNT_LIMITS as L, ACCOUNT_MESSAGES as M, SIGN_IN_EMAIL_PATTERN, USERNAME_PATTERN } from '../limits/accountLimits';
import { AssetUrlSchema, IdSchema } from './common';
import { UserInferenceSettingsSchema } from './inference';
import { ChatLanguageSchema } from './language';
import { ProfileSubscriptionSchema } from './subscription';

/** openai_mode (document 1 §3): use the platform's models, the user's own OpenAI key, or both. */
export const OPENAI_MODES = ['disabled', 'enabled', 'hybrid'] as const;
export const OpenAiModeSchema = z.enum(OPENAI_MODES);
export type OpenAiMode = z.infer<typeof OpenAiModeSchema>;

/**
 * A username as typed at signup (document 1 §5): required, 3 to 20, valid characters only, lower-cased.
 * Availability ('Username is not available') is checked by the server.
 */
export const UsernameSchema = z
  .string({ error: M.usernameEmpty })
  .trim()
  .toLowerCase()
  .min(1, { error: M.usernameEmpty, abort: true })
  .min(L.usernameMin, { error: M.usernameTooShort, abort: true })
  .max(L.usernameMax, { error: M.usernameTooLong, abort: true })
  .regex(USERNAME_PATTERN, { error: M.usernameInvalidChars });

/** The partner signup username (document 1 §5): at least 4; letters, digits, underscore and hyphen only. */
export const PartnerUsernameSchema = z
  .string({ error: M.usernameEmpty })
  .trim()
  .toLowerCase()
  .min(1, { error: M.usernameEmpty, abort: true })
  .min(L.partnerUsernameMin, { error: M.partnerUsernameTooShort, abort: true })
  .max(L.usernameMax, { error: M.usernameTooLong, abort: true })
  .regex(USERNAME_PATTERN, { error: M.usernameInvalidChars });

/** Display name (document 1 §5): required, not blank, 3 to 20. */
export const DisplayNameSchema = z
  .string({ error: M.nameEmpty })
  .trim()
  .min(1, { error: M.nameEmpty, abort: true })
  .min(L.displayNameMin, { error: M.nameTooShort, abort: true })
  .max(L.displayNameMax, { error: M.nameTooLong });

/** Profile highlights (document 1 §5): optional; at least 3; at most 1000 (value not shown, see ACCOUNT_LIMITS). */
export const HighlightsSchema = z
  .string()
  .trim()
  .refine((v) => v.length === 0 || v.length >= L.highlightsMin, { error: M.highlightsTooShort })
  .max(L.highlightsMax, { error: M.highlightsTooLong });

/** Email of relay-domain accounts and the update-email page (document 1 §5); also the sign-in check. */
export const EmailSchema = z
  .string({ error: M.emailEmpty })
  .trim()
  .min(1, { error: M.emailEmpty, abort: true })
  .regex(SIGN_IN_EMAIL_PATTERN, { error: M.emailInvalid });

/** The user (document 1 §3). role is the tier (free, basic, minimal, premium); roles the role list. */
export const UserSchema = z.object({
  id: IdSchema,
  /** Identity-provider subject. */
  sub: z.string().optional(),
  onlyUserId: z.string().optional(),
  guestUserId: z.string().optional(),
  userId: z.string().optional(),
  /** Partner users' external id. */
  external_id: z.string().nullish(),
  /** Stored lower-case; null until the user picks one (sign-up gating, document 1 §4). */
  username: z.string().max(L.usernameMax).regex(USERNAME_PATTERN).nullable(),
  name: z.string().max(L.displayNameMax).nullable(),
  email: z.string().nullish(),
  avatar_url: AssetUrlSchema.nullish(),
  highlights: z.string().max(L.highlightsMax).nullish(),
  /** Never the key itself: a mask of the saved key ("sk-…WXYZ"), or null when none is saved. Keys are encrypted at rest. */
  openai_api_key: z.string().max(L.openaiApiKeyMax).nullish(),
  openai_mode: OpenAiModeSchema.default('disabled'),
  role: TierSchema,
  roles: z.array(RoleSchema),
  permissions: z.array(PermissionSchema),
  subscriptionTier: TierSchema,
  subscription: ProfileSubscriptionSchema.nullish(),
  isProfileModified: z.boolean().optional(),
  isInvalid: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** Profile update v2 (document 1 §7): username, name, highlights, openai_api_key, openai_mode, avatar_url, email. */
export const ProfileUpdateSchema = z.object({
  username: UsernameSchema,
  name: DisplayNameSchema,
  highlights: HighlightsSchema.optional(),
  openai_api_key: z.string().max(L.openaiApiKeyMax, { error: M.openaiApiKeyTooLong }).optional(),
  openai_mode: OpenAiModeSchema.optional(),
  avatar_url: AssetUrlSchema.optional(),
  email: EmailSchema.optional(),
});
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

/** Signup ("Welcome Aboard", document 1 §2 and §5): email only for the private-relay domain. */
export const SignupSchema = z.object({
  username: UsernameSchema,
  name: DisplayNameSchema,
  email: EmailSchema.optional(),
  age: z.literal(true, { error: M.ageRequired }),
  toc: z.literal(true, { error: M.termsRequired }),
});
export type Signup = z.output<typeof SignupSchema>;

/** Onboarding steps (document 1 §4). */
export const ONBOARDING_STEPS = ['WelcomeAboard', 'CommunityGuidelines'] as const;
export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS);

/** Onboarding draft, stored locally per email (document 1 §3). */
export const OnboardingDraftSchema = z.object({
  username: z.string().default(''),
  name: z.string().default(''),
  email: z.string().default(''),
  age: z.boolean().default(false),
  toc: z.boolean().default(false),
  guidelines: z.boolean().default(false),
  step: OnboardingStepSchema.default('WelcomeAboard'),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>;

/** User settings (document 1 §3). */
export const UserSettingsSchema = z.object({
  likedBots: z.array(IdSchema).default([]),
  /** Blocked creators' user ids. */
  blockedUsers: z.array(IdSchema).default([]),
  selectedTags: z.array(z.string()).default([]),
  selectedLanguages: z.array(ChatLanguageSchema).default([]),
  blurNSFW: z.boolean().default(true),
  chatLanguage: ChatLanguageSchema.default('en'),
  showNSFW: z.boolean().default(false),
  inferenceSettings: UserInferenceSettingsSchema.optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Auth states (document 1 §4 "Auth"). */
export const AUTH_STATUSES = ['loading', 'authenticated', 'guest', 'authentication_required'] as const;
export const AuthStatusSchema = z.enum(AUTH_STATUSES);
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** First-time interest picker values (document 1 §2: "I'm interested in..."). */
export const INTERESTS = ['Female', 'Male', 'Non-Binary'] as const;
export const InterestSchema = z.enum(INTERESTS);
