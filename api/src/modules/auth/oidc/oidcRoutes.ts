import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, AUTH_TOKEN_LIFETIMES, DisplayNameSchema, LOGIN_CODE_PARAM, LOGIN_ERROR_PARAM, authCalls } from '@fable/contracts';
import { AppError } from '../../../http/appError';
import type { ApiDeps, ApiPlugin } from '../../../http/apiPlugin';
import { applicationExists } from '../../../http/access';
import type { UserRow } from '../../../http/userRow';
import { findUserByEmail, findUserById, insertUser } from '../../users/userRepository';
import type { AuthDeps } from '../authDeps';
import { issueSignIn } from '../signIn';
import { randomToken, type OidcIdentity, type SocialProvider } from './oidcClient';
import { nameFromAppleUser } from './appleUser';

/** How long a started social sign-in may take, and how long the one-time login code lives. */
const STATE_TTL_SECONDS = 10 * 60;
const LOGIN_CODE_TTL_SECONDS = AUTH_TOKEN_LIFETIMES.loginCodeSeconds;

interface PendingSignIn {
  provider: string;
  applicationId: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

/**
 * The user an identity signs in as: the one linked to it before; else the user with the same provider-verified
 * email; else a new user, with that verified email or, when the provider gives none or an unverified one (X
 * gives none), without an email. An unverified email never matches nor is stored.
 */
async function userForIdentity(
  deps: Pick<ApiDeps, 'db' | 'clock'>,
  provider: string,
  applicationId: string,
  identity: OidcIdentity,
): Promise<{ user: UserRow; isNewUser: boolean } | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const linked = await tx.query<{ user_id: string }>(
      'select user_id from user_identities where application_id = $1 and provider = $2 and subject = $3',
      [applicationId, provider, identity.subject],
    );
    const linkedId = linked.rows[0]?.user_id;
    if (linkedId) {
      const user = await findUserById(tx, linkedId, now);
      return user ? { user, isNewUser: false } : null;
    }
    const verifiedEmail = identity.email && identity.emailVerified ? identity.email : null;
    let user = verifiedEmail ? await findUserByEmail(tx, applicationId, verifiedEmail, now) : null;
    const isNewUser = !user;
    if (!user) {
      const name = DisplayNameSchema.safeParse(identity.name ?? '');
      const avatarUrl = identity.picture?.startsWith('https://') ? identity.picture : null;
      user = await insertUser(tx, { applicationId, email: verifiedEmail, name: name.success ? name.data : null, avatarUrl }, now);
    }
    await tx.query(
      'insert into user_identities (application_id, provider, subject, user_id, created_at) values ($1, $2, $3, $4, $5)',
      [applicationId, provider, identity.subject, user.id, now],
    );
    return { user, isNewUser };
  });
}

/** The authorization response parameters openid-client checks (an id_token in a form post is not used: the token endpoint's is). */
const RESPONSE_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;

/**
 * Social sign-in (authorization code + PKCE + state, and nonce with OpenID Connect). start redirects to the
 * provider; the provider sends the browser back to callback (a GET redirect, or a form post for Apple), which
 * verifies everything and sends the browser on to return_to with a one-time login_code; the page exchanges it
 * (POST oidc/complete) for tokens. The state is kept server-side (single-use, 10 minutes), not in a cookie: a form
 * post from the provider's site is cross-site and carries no SameSite=Lax cookie.
 */
export const oidcRoutes: ApiPlugin<AuthDeps> = async (app, deps) => {
  const { cache, config, oidc, db, clock } = deps;
  const redirectUri = (provider: string) => `${config.publicUrl ?? 'http://localhost:3000'}/api/v2/auth/oidc/${provider}/callback`;

  const start = authCalls.oidcStart;
  app.get(
    start.path,
    { schema: { params: start.params, querystring: start.query }, config: { access: start.access, rateLimitPerIp: 'authPerIp' } },
    async (request, reply) => {
      const client = oidc.get(request.params.provider);
      if (!client) {
        throw new AppError(404, AUTH_ERROR_CODES.PROVIDER_NOT_CONFIGURED, AUTH_ERROR_MESSAGES.provider_not_configured);
      }
      const applicationId = request.query.application_id ?? request.caller.applicationId;
      if (!(await applicationExists(db, cache, applicationId))) {
        throw AppError.unknownApplication(applicationId);
      }
      const state = randomToken();
      const pending: PendingSignIn = {
        provider: client.id,
        applicationId,
        codeVerifier: randomToken(),
        nonce: randomToken(),
        returnTo: request.query.return_to ?? '/',
      };
      await cache.set(`oidc-state:${hash(state)}`, JSON.stringify(pending), STATE_TTL_SECONDS);
      const location = client.authorizationUrl(redirectUri(client.id), { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
      return reply.header('cache-control', 'no-store').redirect(location.toString(), 302);
    },
  );

  /** Both callbacks: checks the response against the pending sign-in, signs in, redirects with a login code. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    params: Partial<Record<(typeof RESPONSE_PARAMS)[number] | 'user', string>>,
    status: 302 | 303,
  ) => {
    const fail = (returnTo: string, reason: string, err?: unknown) => {
      request.log.warn({ err, provider: providerId, reason }, 'social sign-in failed');
      return reply.header('cache-control', 'no-store').redirect(withParam(returnTo, LOGIN_ERROR_PARAM, AUTH_ERROR_CODES.AUTH_FAILED), status);
    };
    const { state } = params;
    if (!state) return fail('/', 'missing state');
    const key = `oidc-state:${hash(state)}`;
    const stored = await cache.get(key);
    // The state is single-use.
    await cache.delete(key);
    if (!stored) return fail('/', 'unknown or expired state');
    const pending = JSON.parse(stored) as PendingSignIn;
    const client: SocialProvider | undefined = oidc.get(providerId);
    if (!client || pending.provider !== client.id) return fail(pending.returnTo, 'provider mismatch');
    if (params.error || !params.code) return fail(pending.returnTo, `provider error: ${params.error ?? 'no code'}`);

    const callbackUrl = new URL(redirectUri(client.id));
    for (const name of RESPONSE_PARAMS) {
      const value = params[name];
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    }
    let identity: OidcIdentity;
    try {
      identity = await client.signIn(callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
    } catch (err) {
      return fail(pending.returnTo, 'code exchange, id_token or user check failed', err);
    }
    // Apple names the person only in the first form post, never in the id_token.
    if (client.id === 'apple' && !identity.name && params.user) identity = { ...identity, name: nameFromAppleUser(params.user) };
    const signedIn = await userForIdentity(deps, client.id, pending.applicationId, identity);
    if (!signedIn) return fail(pending.returnTo, 'the linked user is gone');

    const loginCode = randomToken();
    await db.query(
      `insert into login_codes (code_hash, user_id, application_id, method, is_new_user, expires_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        hash(loginCode),
        signedIn.user.id,
        pending.applicationId,
        `oidc:${client.id}`,
        signedIn.isNewUser,
        new Date(clock.now().getTime() + LOGIN_CODE_TTL_SECONDS * 1000),
      ],
    );
    return reply.header('cache-control', 'no-store').redirect(withParam(pending.returnTo, LOGIN_CODE_PARAM, loginCode), status);
  };

  const callback = authCalls.oidcCallback;
  app.get(
    callback.path,
    {
      schema: { params: callback.params, querystring: callback.query },
      config: { access: callback.access, rateLimitPerIp: 'authPerIp' },
    },
    async (request, reply) => finishSignIn(request, reply, request.params.provider, request.query, 302),
  );

  // A form post's body (Apple's response_mode=form_post); only this plugin's routes read url-encoded forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const formPost = authCalls.oidcFormPostCallback;
  app.post(
    formPost.path,
    {
      schema: { params: formPost.params, body: formPost.body },
      config: { access: formPost.access, rateLimitPerIp: 'authPerIp' },
    },
    // 303: the browser follows with a GET.
    async (request, reply) => finishSignIn(request, reply, request.params.provider, request.body, 303),
  );

  const complete = authCalls.oidcComplete;
  app.post(
    complete.path,
    {
      schema: { body: complete.body, response: { 200: complete.response } },
      config: { access: complete.access, rateLimitPerIp: 'authPerIp' },
    },
    async (request) => {
      const { rows } = await db.query<{ user_id: string; application_id: string; method: string; is_new_user: boolean; expires_at: Date }>(
        'delete from login_codes where code_hash = $1 returning user_id, application_id, method, is_new_user, expires_at',
        [hash(request.body.login_code)],
      );
      const row = rows[0];
      const now = clock.now();
      const authFailed = () => AppError.unauthorized(AUTH_ERROR_CODES.AUTH_FAILED, AUTH_ERROR_MESSAGES.auth_failed);
      if (!row || row.expires_at.getTime() <= now.getTime() || row.application_id !== request.caller.applicationId) throw authFailed();
      const user = await findUserById(db, row.user_id, now);
      if (!user) throw authFailed();
      return issueSignIn(deps, user, row.method, row.is_new_user);
    },
  );
};
