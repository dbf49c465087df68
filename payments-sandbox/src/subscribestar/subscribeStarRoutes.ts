// The sandbox SubscribeStar: OAuth 2 authorization code grant (RFC 6749 §4.1) as subscribestar.com speaks it —
// GET /oauth2/authorize (a page with the test accounts, Approve and Deny), POST /oauth2/token, and the GraphQL API
// at /api/graphql/v1 (graphqlApi.ts). Codes are single use; a reused code answers invalid_grant.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, sendPage } from '../hosted/html';
import { accountByLogin, SUBSCRIBESTAR_TEST_ACCOUNTS } from './accounts';
import { runQuery } from './graphqlApi';
import { KNOWN_SCOPES, SubscribeStarState, TOKEN_TTL_SECONDS } from './oauthState';
import type { SubscribeStarSandboxConfig } from './subscribeStarConfig';

type Params = Record<string, string | undefined>;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Form-encoded (the protocol's) or JSON bodies, as a flat map of strings. */
function bodyParams(body: unknown): Params {
  if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Params;
  }
  return {};
}

export function registerSubscribeStar(app: FastifyInstance, config: SubscribeStarSandboxConfig, state = new SubscribeStarState()): SubscribeStarState {
  /** The client and redirect URI of an authorize request: problems here are shown, never redirected to (§4.1.2.1). */
  const clientProblem = (params: Params): string | null => {
    if (params.client_id !== config.clientId) return 'Unknown client_id.';
    let redirect: URL;
    try {
      redirect = new URL(params.redirect_uri ?? '');
    } catch {
      return 'redirect_uri must be an absolute URL.';
    }
    if (!['http:', 'https:'].includes(redirect.protocol) || !config.redirectOrigins.includes(redirect.origin)) {
      return 'redirect_uri is not registered for this application.';
    }
    return null;
  };

  const back = (reply: FastifyReply, redirectUri: string, values: Record<string, string | undefined>) => {
    const target = new URL(redirectUri);
    for (const [key, value] of Object.entries(values)) if (value !== undefined) target.searchParams.set(key, value);
    return reply.redirect(target.toString(), 303);
  };

  const scopesOf = (scope: string | undefined) => (scope ?? '').split(/[\s+]+/).filter(Boolean);

  app.get('/oauth2/authorize', (request, reply) => {
    const params = request.query as Params;
    const problem = clientProblem(params);
    if (problem) return sendPage(reply, { title: 'SubscribeStar (sandbox)', body: `<main class="panel"><p class="error" role="alert">${escapeHtml(problem)}</p></main>` }, 400);
    const redirectUri = params.redirect_uri as string;
    if (params.response_type !== 'code') return back(reply, redirectUri, { error: 'unsupported_response_type', state: params.state });
    const scopes = scopesOf(params.scope);
    if (!scopes.length || scopes.some((s) => !KNOWN_SCOPES.includes(s))) return back(reply, redirectUri, { error: 'invalid_scope', state: params.state });
    const hidden = (name: string, value: string | undefined) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`;
    const accounts = SUBSCRIBESTAR_TEST_ACCOUNTS.map(
      (a, i) => `<label><input type="radio" name="account" value="${escapeHtml(a.login)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(a.name)} (${escapeHtml(a.login)}${
        a.pledge ? `, ${a.pledge.active ? 'pledging' : 'lapsed'} ${escapeHtml(a.pledge.tier_id)}` : ', no pledge'
      }${a.failsTokenExchange ? ', token exchange fails' : ''}${a.newEachTime ? ', a new account each time' : ''})</label>`,
    ).join('<br>');
    const body = `
<main class="panel">
  <h1>SubscribeStar (sandbox)</h1>
  <p>An application asks to read: ${escapeHtml(scopes.join(', '))}.</p>
  <form method="post" action="/oauth2/authorize">
    ${hidden('client_id', params.client_id)}${hidden('redirect_uri', redirectUri)}${hidden('scope', scopes.join(' '))}${hidden('state', params.state)}
    <fieldset><legend>Sign in as</legend>${accounts}</fieldset>
    <div class="actions">
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </div>
  </form>
  <p class="note">A test page standing in for SubscribeStar's own.</p>
</main>`;
    return sendPage(reply, { title: 'Authorize with SubscribeStar', body });
  });

  app.post('/oauth2/authorize', (request, reply) => {
    const params = bodyParams(request.body);
    const problem = clientProblem(params);
    if (problem) return sendPage(reply, { title: 'SubscribeStar (sandbox)', body: `<main class="panel"><p class="error" role="alert">${escapeHtml(problem)}</p></main>` }, 400);
    const redirectUri = params.redirect_uri as string;
    if (params.decision !== 'approve') return back(reply, redirectUri, { error: 'access_denied', state: params.state });
    const account = accountByLogin(params.account ?? '');
    if (!account) return sendPage(reply, { title: 'SubscribeStar (sandbox)', body: '<main class="panel"><p class="error" role="alert">Choose an account.</p></main>' }, 400);
    const code = state.issueCode(account, config.clientId, redirectUri, scopesOf(params.scope));
    return back(reply, redirectUri, { code, state: params.state });
  });

  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  app.post('/oauth2/token', (request, reply) => {
    const params = bodyParams(request.body);
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1] as string, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== config.clientId || !sameSecret(clientSecret ?? '', config.clientSecret)) {
      return tokenError(reply, 401, 'invalid_client', 'Client authentication failed.');
    }
    if (params.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'Only authorization_code is supported by the sandbox.');
    const code = state.codes.get(params.code ?? '');
    if (!code || code.clientId !== clientId) return tokenError(reply, 400, 'invalid_grant', 'The authorization code is invalid.');
    if (code.used) return tokenError(reply, 400, 'invalid_grant', 'The authorization code was already used.');
    code.used = true;
    if (code.expiresAt <= Date.now()) return tokenError(reply, 400, 'invalid_grant', 'The authorization code expired.');
    if (code.redirectUri !== params.redirect_uri) return tokenError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    if (code.account.failsTokenExchange) return tokenError(reply, 500, 'server_error', 'The sandbox fails this account’s token exchange.');
    const token = state.issueToken(code.account, code.scopes);
    return reply.header('cache-control', 'no-store').send({ access_token: token.token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, scope: code.scopes.join(' ') });
  });

  const graphql = (request: FastifyRequest, reply: FastifyReply, query: unknown) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = bearer ? state.token(bearer[1] as string) : null;
    if (!token) return reply.code(401).send({ errors: [{ message: 'Unauthorized: a valid access token is required.' }] });
    return reply.send(runQuery(query, token));
  };
  app.post('/api/graphql/v1', (request, reply) => {
    const body = request.body;
    const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : bodyParams(body).query;
    return graphql(request, reply, query);
  });
  app.get('/api/graphql/v1', (request, reply) => graphql(request, reply, (request.query as Params).query));
  return state;
}
