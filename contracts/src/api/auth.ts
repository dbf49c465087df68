import { z } from 'zod';
import { ApplicationIdSchema } from '../entities/appSettings';
import { EmailSchema } from '../entities/user';
import { PermissionSchema } from '../permissions/permissions';
import { defineCall } from './apiCall';
import { SessionUserSchema } from './users';

/**
 * Auth calls (document 1 §4 "Auth", "Sign-in"; §7 "POST auth/refresh (v2)"). Paths are under `/api`.
 *
 * Sign-in by email: request a code (emailed; in development readable at GET /api/dev/mailbox), then verify it to
 * get an access token (JWT, sent as `Authorization: Bearer …`) and a refresh token (opaque; single use: every
 * refresh answers a new one, and reusing an old one revokes the whole sign-in). A verified user without a
 * username goes to sign-up (POST /v2/users).
 */

/** Auth error codes (ours: the spec names none). Messages for people are in AUTH_ERROR_MESSAGES. */
export const AUTH_ERROR_CODES = {
  /** The access token's lifetime is over: refresh it (POST /v2/auth/refresh) and retry once. */
  TOKEN_EXPIRED: 'token_expired',
  /** The bearer token is malformed, forged or revoked. */
  INVALID_TOKEN: 'invalid_token',
  /** The route needs a signed-in user (or a guest id) and the call carries none. */
  UNAUTHENTICATED: 'unauthenticated',
  /** The refresh token is unknown, expired, revoked or was already used. */
  TOKEN_REFRESH_FAILED: 'token_refresh_failed',
  /** Wrong email code. */
  EMAIL_CODE_INVALID: 'email_code_invalid',
  /** No pending code, or it expired or ran out of attempts: request a new one. */
  EMAIL_CODE_EXPIRED: 'email_code_expired',
  /** Social sign-in failed (state, PKCE, token or id_token check). */
  AUTH_FAILED: 'auth_failed',
  PROVIDER_NOT_CONFIGURED: 'provider_not_configured',
  /**
   * The X-Guest-User-Id is not one this API issued (forged, another brand's, or from an older release): get a new one
   * (POST /v2/auth/guest) and retry.
   */
  INVALID_GUEST_ID: 'invalid_guest_id',
  /** Partner credentials are missing or wrong. */
  PARTNER_AUTH_FAILED: 'partner_auth_failed',
  /** A partner's entry token (PARTNER_ENTRY_TOKEN) is malformed, not signed for these values and application, or too long-lived. */
  PARTNER_TOKEN_INVALID: 'partner_token_invalid',
  /** A partner's entry token is past its expiry. */
  PARTNER_TOKEN_EXPIRED: 'partner_token_expired',
  /** A partner's entry token already signed its user in once. */
  PARTNER_TOKEN_USED: 'partner_token_used',
  /** Deleted or invalid account (document 1 §2 "Invalid account page"). */
  INVALID_ACCOUNT: 'invalid_account',
  RATE_LIMITED: 'rate_limited',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

export const AUTH_ERROR_MESSAGES: Readonly<Record<AuthErrorCode, string>> = {
  token_expired: 'Access token expired',
  invalid_token: 'Invalid access token',
  unauthenticated: 'Sign in to continue',
  token_refresh_failed: 'Unable to refresh token',
  email_code_invalid: 'The code is not valid',
  email_code_expired: 'The code has expired. Request a new one',
  auth_failed: "Couldn't authenticate. Try again",
  provider_not_configured: 'This sign-in method is not available',
  invalid_guest_id: 'Your guest session is no longer valid. Start a new one and try again.',
  partner_auth_failed: 'Partner authentication failed',
  partner_token_invalid: 'Your sign-in link is not valid. Open it again from the site that sent you here.',
  partner_token_expired: 'Your sign-in link has expired. Open it again from the site that sent you here.',
  partner_token_used: 'Your sign-in link was already used. Open it again from the site that sent you here.',
  invalid_account: 'This account is invalid, has been deleted or has been suspended.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
};

/** A guest id as the API issues it: `<uuid>.<32 hex digits of its signature>`. */
export const GUEST_USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{32}$/;

/**
 * Token lifetimes (ours): access tokens 15 minutes, refresh tokens 30 days from their issue (each refresh issues a
 * new one), the one-time login code of a social sign-in 2 minutes.
 */
export const AUTH_TOKEN_LIFETIMES = { accessSeconds: 15 * 60, refreshSeconds: 30 * 24 * 3600, loginCodeSeconds: 120 } as const;

/**
 * A refresh's attempt id (ours): the device names each refresh of a token once and sends that name again when it
 * retries the same refresh (a reload cut off the answer). The API takes a retry with the same id, within
 * `REFRESH_RETRY_SECONDS` and while the lost successor is unspent, as the same refresh: it issues a new successor and
 * the lost one dies. Any other second use of a spent token is a replay and ends the sign-in.
 */
export const RefreshAttemptIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'attempt_id must be 16 to 128 letters, digits, - or _');
export const REFRESH_RETRY_SECONDS = 5 * 60;

/** Email codes: 6 digits, valid 10 minutes, 5 attempts. */
export const EMAIL_CODE = { length: 6, ttlSeconds: 600, maxAttempts: 5 } as const;
export const EmailCodeSchema = z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits');

/** Social sign-in providers (OpenID Connect); only configured ones are offered. */
export const OIDC_PROVIDERS = ['google', 'apple', 'x', 'discord'] as const;
export const OidcProviderSchema = z.enum(OIDC_PROVIDERS);
export type OidcProvider = z.infer<typeof OidcProviderSchema>;

/** A path on the site to come back to after sign-in ("/create-chatbot"); never another origin. */
export const ReturnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site');

/** Access + refresh tokens (the refresh answer; the client already reads `token` and `refresh_token`). */
export const TokenPairSchema = z.object({
  token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds the access token is valid for. */
  expires_in: z.number().int().positive(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** A completed sign-in: tokens plus the session user; is_new_user when the account was created now. */
export const SignInResultSchema = TokenPairSchema.extend({
  user: SessionUserSchema,
  is_new_user: z.boolean(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const authCalls = {
  /** Emails a sign-in code. Rate limited per email and per IP (429 with Retry-After). */
  requestEmailCode: defineCall({
    method: 'POST',
    path: '/v2/auth/email-code',
    access: 'public',
    body: z.object({ email: EmailSchema }),
    response: z.object({ sent: z.literal(true), expires_in: z.number().int().positive() }),
  }),
  /** Verifies the emailed code; creates the user on first sign-in. */
  verifyEmailCode: defineCall({
    method: 'POST',
    path: '/v2/auth/email-code/verify',
    access: 'public',
    body: z.object({ email: EmailSchema, code: EmailCodeSchema }),
    response: SignInResultSchema,
  }),
  /**
   * New access token and a new refresh token; the old refresh token is spent (401 token_refresh_failed), except for
   * a retry of the same refresh under its `attempt_id` (see RefreshAttemptIdSchema).
   */
  refresh: defineCall({
    method: 'POST',
    path: '/v2/auth/refresh',
    access: 'public',
    body: z.object({ refresh_token: z.string().min(1), attempt_id: RefreshAttemptIdSchema.optional() }),
    response: TokenPairSchema,
  }),
  /** Revokes the sign-in of the given refresh token (and, with a bearer token, that session's family). */
  logout: defineCall({
    method: 'POST',
    path: '/v2/auth/logout',
    access: 'public',
    body: z.object({ refresh_token: z.string().min(1).optional() }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The social sign-in providers configured on this server. */
  providers: defineCall({
    method: 'GET',
    path: '/v2/auth/providers',
    access: 'public',
    response: z.object({
      providers: z.array(z.object({ id: OidcProviderSchema, name: z.string(), start_url: z.string() })),
    }),
  }),
  /**
   * Starts social sign-in: a browser navigation (not fetch) that redirects (302) to the provider. `return_to` is where
   * the browser lands afterwards, with `?login_code=…` (exchange it with oidcComplete) or `?login_error=auth_failed`.
   */
  oidcStart: defineCall({
    method: 'GET',
    path: '/v2/auth/oidc/:provider/start',
    access: 'public',
    params: z.object({ provider: OidcProviderSchema }),
    query: z.object({
      return_to: ReturnPathSchema.optional(),
      /** The application signing in (a navigation carries no X-Application-Id); default the main brand. */
      application_id: ApplicationIdSchema.optional(),
    }),
    status: 302,
  }),
  /** Where the provider sends the browser back (code + state); redirects (302) to return_to. */
  oidcCallback: defineCall({
    method: 'GET',
    path: '/v2/auth/oidc/:provider/callback',
    access: 'public',
    params: z.object({ provider: OidcProviderSchema }),
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      /** The issuer, from providers that name it (RFC 9207; Discord): checked against the provider's. */
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
    status: 302,
  }),
  /**
   * The same callback as a form post (response_mode=form_post: Apple posts code, state and, on the first sign-in,
   * `user`, a JSON text with the person's name); redirects (303) to return_to.
   */
  oidcFormPostCallback: defineCall({
    method: 'POST',
    path: '/v2/auth/oidc/:provider/callback',
    access: 'public',
    params: z.object({ provider: OidcProviderSchema }),
    body: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
      user: z.string().max(10_000).optional(),
      id_token: z.string().optional(),
    }),
    status: 303,
  }),
  /** Exchanges the one-time login_code from the callback redirect for tokens (valid 2 minutes, once). */
  oidcComplete: defineCall({
    method: 'POST',
    path: '/v2/auth/oidc/complete',
    access: 'public',
    body: z.object({ login_code: z.string().min(1) }),
    response: SignInResultSchema,
  }),
  /**
   * Issues a guest id for an anonymous visitor, sent afterwards as X-Guest-User-Id: a uuid and the API's signature
   * of it (GUEST_USER_ID_PATTERN), so an id the API never issued is refused (401 invalid_guest_id). Rate limited per IP.
   */
  guest: defineCall({
    method: 'POST',
    path: '/v2/auth/guest',
    access: 'public',
    response: z.object({ guest_user_id: z.string().regex(GUEST_USER_ID_PATTERN), permissions: z.array(PermissionSchema) }),
  }),
} as const;

/** The one-time code query parameter on the page a social sign-in returns to. */
export const LOGIN_CODE_PARAM = 'login_code';
export const LOGIN_ERROR_PARAM = 'login_error';
