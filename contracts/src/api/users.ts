import { z } from 'zod';
import { AssetUrlSchema, IdSchema, TimestampSchema } from '../entities/common';
import { ProfileSubscriptionSchema } from '../entities/subscription';
import {
  PartnerUsernameSchema,
  ProfileUpdateSchema,
  SignupSchema,
  UserSchema,
  UserSettingsSchema,
} from '../entities/user';
import { ERROR_CODES } from '../errors/errorCodes';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../limits/accountLimits';
import { TierSchema } from '../permissions/permissions';
import { TrackingIdSchema } from './analytics';
import { defineCall } from './apiCall';

/**
 * Users calls (document 1 §7: GET/POST/PATCH/DELETE users (v2), users/external, users/check-username, profile update
 * v2, users/moderation). Paths are under `/api`.
 */

/**
 * Account restrictions (document 1 §4 "Restriction", §6 restriction permissions): a temporary ban (expires),
 * limited (can chat, cannot upload or edit bots), complete (permanent ban), and a temporary shadow-ban.
 */
export const USER_RESTRICTION_KINDS = ['temporary', 'limited', 'complete', 'shadowban'] as const;
export const UserRestrictionKindSchema = z.enum(USER_RESTRICTION_KINDS);
export type UserRestrictionKind = z.infer<typeof UserRestrictionKindSchema>;

export const UserRestrictionSchema = z.object({
  kind: UserRestrictionKindSchema,
  /** When it ends; null for limited and complete. Expired restrictions are not sent. */
  expires_at: TimestampSchema.nullable(),
  reason: z.string().nullable(),
});
export type UserRestriction = z.infer<typeof UserRestrictionSchema>;

/**
 * The signed-in user as the API sends it to that user (GET /v2/users and every sign-in answer): the spec's User
 * (document 1 §3; `role` and `subscriptionTier` carry the tier) plus tier, restrictions, settings and the
 * subscription summary. permissions are derived on the server from tier, roles and restrictions.
 */
export const SessionUserSchema = UserSchema.extend({
  email: z.string().nullable(),
  avatar_url: AssetUrlSchema.nullable(),
  external_id: z.string().nullable(),
  application_id: z.string(),
  tier: TierSchema,
  restrictions: z.array(UserRestrictionSchema),
  settings: UserSettingsSchema,
  subscription: ProfileSubscriptionSchema.nullable(),
  created_at: TimestampSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** What anyone may see of another user. */
export const PublicUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string().nullable(),
  avatar_url: AssetUrlSchema.nullable(),
  highlights: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Profile and sign-up error codes (document 1 §7 "errors carry errorCode"; §8 duplicated username). */
export const PROFILE_ERROR_CODES = {
  USERNAME_TAKEN: ERROR_CODES.USERNAME_TAKEN,
  /** Ours: the email belongs to another account (update-email page). */
  EMAIL_TAKEN: 'email_taken',
  /** Ours: POST /v2/users when the user already has a username. */
  ALREADY_SIGNED_UP: 'already_signed_up',
  /** Ours: the call needs a username first (sign-up gating). */
  SIGN_UP_REQUIRED: 'sign_up_required',
  /** Validation failures answer 400 `validation_error` with details.issues [{ path, message }]. */
  VALIDATION: 'validation_error',
} as const;

export const PROFILE_ERROR_MESSAGES = {
  username_taken: ACCOUNT_MESSAGES.usernameNotAvailable,
  email_taken: 'This email is already used by another account',
  already_signed_up: 'This account already has a username',
  sign_up_required: 'Finish signing up first',
} as const;

/** Usernames nobody can take (ours; the spec says only "available"). Compared lower-case. */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'moderator',
  'mod',
  'staff',
  'fable',
  'tales',
  'storynest',
  'api',
  'www',
  'null',
  'undefined',
  'anonymous',
  'guest',
  'deleted',
  'me',
  'settings',
];

/** Partner signup display name (document 1 §5): at least 4. */
export const PartnerNameSchema = z
  .string({ error: ACCOUNT_MESSAGES.nameEmpty })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.nameEmpty, abort: true })
  .min(ACCOUNT_LIMITS.partnerNameMin, { error: ACCOUNT_MESSAGES.partnerNameTooShort, abort: true })
  .max(ACCOUNT_LIMITS.displayNameMax, { error: ACCOUNT_MESSAGES.nameTooLong });

/** The header carrying a partner application's secret (server to server), with X-Application-Id. */
export const PARTNER_SECRET_HEADER = 'X-Partner-Secret';

/**
 * The header carrying a partner's entry token (document 1 §1 "Partner users enter with an external user id and a
 * token"): the shell sends the token its partner signed for the user arriving from the partner's site.
 */
export const PARTNER_TOKEN_HEADER = 'X-Partner-Token';

/**
 * A partner's entry token (ours: the spec names no format), `v1.<expires>.<signature>`: `expires` the Unix time in
 * seconds after which it is refused, at most `maxLifetimeSeconds` ahead; `signature` the unpadded base64url
 * HMAC-SHA256, keyed by the partner's secret (PARTNER_SECRETS), of the lines (joined by "\n", UTF-8)
 * `fable-partner-entry-v1`, application id, external id, name, username, expires — the values as the API reads them:
 * trimmed, the username in lower case, none holding a line break. A token signs its user in once.
 */
export const PARTNER_ENTRY_TOKEN = {
  version: 'v1',
  context: 'fable-partner-entry-v1',
  maxLifetimeSeconds: 10 * 60,
  pattern: /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/,
} as const;

/**
 * The parameters of a partner user's arrival (`/external?external_id=…&external_name=…&external_username=…&partner_token=…`):
 * the shell signs the user in with them (POST /v2/users/external) and removes them from the address.
 */
export const PARTNER_ENTRY_PARAMS = {
  externalId: 'external_id',
  name: 'external_name',
  username: 'external_username',
  token: 'partner_token',
} as const;

/** Sign-up (POST users, document 1 §7): the onboarding form plus the optional tracking ids (kept once, never replaced). */
export const SignUpRequestSchema = SignupSchema.extend({
  affiliate_id: TrackingIdSchema.optional(),
  tap_tracking_id: TrackingIdSchema.optional(),
});

const SETTINGS = UserSettingsSchema.shape;

/** A settings change: only the fields sent are changed (no defaults filled in, unlike UserSettingsSchema). */
export const UserSettingsPatchSchema = z.object({
  likedBots: SETTINGS.likedBots.unwrap().optional(),
  blockedUsers: SETTINGS.blockedUsers.unwrap().optional(),
  selectedTags: SETTINGS.selectedTags.unwrap().optional(),
  selectedLanguages: SETTINGS.selectedLanguages.unwrap().optional(),
  blurNSFW: SETTINGS.blurNSFW.unwrap().optional(),
  chatLanguage: SETTINGS.chatLanguage.unwrap().optional(),
  showNSFW: SETTINGS.showNSFW.unwrap().optional(),
  inferenceSettings: SETTINGS.inferenceSettings,
});
export type UserSettingsPatch = z.output<typeof UserSettingsPatchSchema>;

/** PATCH users: any profile field, and settings merged into the stored ones. */
export const UserUpdateSchema = ProfileUpdateSchema.partial().extend({
  settings: UserSettingsPatchSchema.optional(),
});
export type UserUpdate = z.output<typeof UserUpdateSchema>;

export const usersCalls = {
  /** The signed-in user (a user without a username is sent to sign-up, document 1 §4). */
  me: defineCall({ method: 'GET', path: '/v2/users', access: 'member', response: SessionUserSchema }),
  /** Completes sign-up: username and name (409 username_taken, 409 already_signed_up). */
  signUp: defineCall({
    method: 'POST',
    path: '/v2/users',
    access: 'member',
    body: SignUpRequestSchema,
    response: SessionUserSchema,
  }),
  /** Updates profile fields and/or settings (409 username_taken, 409 email_taken, 400 validation_error). */
  update: defineCall({
    method: 'PATCH',
    path: '/v2/users',
    access: 'member',
    body: UserUpdateSchema,
    response: SessionUserSchema,
  }),
  /** Profile update v2 (document 1 §7): the whole profile form. Same errors as update. */
  updateProfile: defineCall({
    method: 'PUT',
    path: '/v2/users/profile',
    access: 'member',
    body: ProfileUpdateSchema,
    response: SessionUserSchema,
  }),
  /** Deletes the account: personal data is erased, every sign-in is revoked. */
  remove: defineCall({
    method: 'DELETE',
    path: '/v2/users',
    access: 'member',
    response: z.object({ deleted: z.literal(true) }),
  }),
  /** Whether a username can be taken; message is the spec's text when not (rules, reserved or taken). */
  checkUsername: defineCall({
    method: 'POST',
    path: '/v2/users/check-username',
    access: 'guest',
    body: z.object({ username: z.string().max(200) }),
    response: z.object({ isAvailable: z.boolean(), message: z.string().optional() }),
  }),
  /**
   * A partner application's user by its external id (document 1 §7 "POST users/external (v2)"), created on first
   * call; the answer's token signs that user in. Called with X-Application-Id and either the partner's secret
   * (X-Partner-Secret, its backend) or an entry token the partner signed for this id, name and username
   * (X-Partner-Token, PARTNER_ENTRY_TOKEN: the shell, for a user arriving from the partner's site).
   */
  external: defineCall({
    method: 'POST',
    path: '/v2/users/external',
    access: 'partner',
    body: z.object({ id: z.string().trim().min(1).max(200), name: PartnerNameSchema, username: PartnerUsernameSchema }),
    response: z.object({
      user: SessionUserSchema,
      token: z.string(),
      refresh_token: z.string(),
      expires_in: z.number().int().positive(),
    }),
  }),
  /** Another user's public profile, by username. */
  publicProfile: defineCall({
    method: 'GET',
    path: '/v2/users/by-username/:username',
    access: 'guest',
    params: z.object({ username: z.string().min(1).max(40) }),
    response: PublicUserSchema,
  }),
  /** GET users/moderation (document 1 §7): when a temporary ban ends. */
  moderation: defineCall({
    method: 'GET',
    path: '/v2/users/moderation',
    access: 'member',
    response: z.object({ expires_at: TimestampSchema.nullable() }),
  }),
} as const;
