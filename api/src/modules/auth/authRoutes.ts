import { API_HEADERS, EMAIL_CODE, GUEST_PERMISSIONS, authCalls, devCalls } from '@fable/contracts';
import type { ApiPlugin } from '../../http/apiPlugin';
import type { AuthDeps } from './authDeps';
import { normalizeEmail, requestEmailCode, verifyEmailCode } from './emailCodes';
import { externalSignInRoutes } from './externalSignInRoutes';
import { oidcRoutes } from './oidc/oidcRoutes';
import { PROVIDER_NAMES } from './oidc/oidcClient';
import { issueGuestId } from '../../http/guestIds';
import { revokeSession, revokeSessionOfRefreshToken, rotateRefreshToken, sessionOfRefreshToken } from './sessions';
import { issueSignIn } from './signIn';

/**
 * Sign-in (document 1 §4): email codes, token refresh and logout, guest ids, the configured social providers
 * (and their OIDC routes), partner users by external id, and the dev mailbox when there is no SMTP server.
 */
export const authRoutes: ApiPlugin<AuthDeps> = async (app, deps) => {
  const { db, clock, tokens, rateLimit, oidc, mailer, config } = deps;
  const authLimit = { rateLimitPerIp: 'authPerIp' } as const;

  const request = authCalls.requestEmailCode;
  app.post(
    request.path,
    { schema: { body: request.body, response: { 200: request.response } }, config: { access: request.access, ...authLimit } },
    async (req) => {
      await rateLimit.emailCodePerEmail(req, `${req.caller.applicationId}:${normalizeEmail(req.body.email)}`);
      await requestEmailCode(deps, req.caller.applicationId, req.body.email);
      return { sent: true as const, expires_in: EMAIL_CODE.ttlSeconds };
    },
  );

  const verify = authCalls.verifyEmailCode;
  app.post(
    verify.path,
    { schema: { body: verify.body, response: { 200: verify.response } }, config: { access: verify.access, ...authLimit } },
    async (req) => {
      const { user, isNewUser } = await verifyEmailCode(deps, req.caller.applicationId, req.body.email, req.body.code);
      return issueSignIn(deps, user, 'email', isNewUser);
    },
  );

  const refresh = authCalls.refresh;
  app.post(
    refresh.path,
    { schema: { body: refresh.body, response: { 200: refresh.response } }, config: { access: refresh.access, rateLimitPerIp: 'refreshPerIp' } },
    async (req) => {
      // Counted per sign-in, not per IP: members sharing an address (an office, a carrier's NAT) never share a limit.
      // A token we never issued counts against the IP's auth limit, as guessing would.
      const sessionId = await sessionOfRefreshToken(db, req.body.refresh_token);
      if (sessionId) await rateLimit.refreshPerSession(req, sessionId);
      else await rateLimit.authPerIp(req, `${req.ip} unknown refresh token`);
      const rotated = await rotateRefreshToken(db, req.body.refresh_token, clock.now(), req.body.attempt_id);
      const token = await tokens.sign({
        userId: rotated.userId,
        sessionId: rotated.sessionId,
        applicationId: rotated.applicationId,
      });
      return { token, refresh_token: rotated.refreshToken, expires_in: tokens.ttlSeconds };
    },
  );

  const logout = authCalls.logout;
  app.post(
    logout.path,
    { schema: { body: logout.body, response: { 200: logout.response } }, config: { access: logout.access, ...authLimit } },
    async (req) => {
      const now = clock.now();
      if (req.body.refresh_token) await revokeSessionOfRefreshToken(db, req.body.refresh_token, now);
      // With a still-valid access token, its session ends too (even without the refresh token).
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers[API_HEADERS.authorization.toLowerCase()] ?? ''))?.[1];
      if (bearer) {
        const claims = await tokens.verify(bearer).catch(() => null);
        if (claims) await revokeSession(db, claims.sessionId, 'logout', now);
      }
      return { ok: true as const };
    },
  );

  const providers = authCalls.providers;
  app.get(
    providers.path,
    { schema: { response: { 200: providers.response } }, config: { access: providers.access } },
    async () => ({
      providers: oidc.list().map((client) => ({
        id: client.id,
        name: PROVIDER_NAMES[client.id],
        start_url: `/api/v2/auth/oidc/${client.id}/start`,
      })),
    }),
  );

  const guest = authCalls.guest;
  app.post(
    guest.path,
    { schema: { response: { 200: guest.response } }, config: { access: guest.access, ...authLimit } },
    async (req) => ({ guest_user_id: issueGuestId(tokens, req.caller.applicationId), permissions: [...GUEST_PERMISSIONS] }),
  );

  await app.register(oidcRoutes, deps);
  await app.register(externalSignInRoutes, deps);

  // The embedded mailbox: only without SMTP and never in production (the route does not exist there: 404).
  if (mailer.kind === 'dev' && mailer.messagesTo && config.nodeEnv !== 'production') {
    const messagesTo = mailer.messagesTo.bind(mailer);
    const mailbox = devCalls.mailbox;
    app.get(
      mailbox.path,
      { schema: { querystring: mailbox.query, response: { 200: mailbox.response } }, config: { access: mailbox.access } },
      async (req) => ({
        messages: messagesTo(req.query.email).map((m) => ({ to: m.to, subject: m.subject, text: m.text, sent_at: m.sentAt.toISOString() })),
      }),
    );
  }
};
