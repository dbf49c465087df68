// SubscribeStar's OAuth 2 authorization code grant and GraphQL API (https://www.subscribestar.com/oauth2/authorize,
// /oauth2/token, /api/graphql/v1), as the API's side speaks them; our sandbox answers the same protocol.
import type { SubscribeStarConfig } from './subscribeStarConfig';

/** What we ask to read: the member as a supporter (their pledge) and their SubscribeStar id. */
export const SUBSCRIBESTAR_SCOPES = 'subscriber.read user.read';
const TIMEOUT_MS = 10_000;

/** The provider refused (bad code, outage) or answered something we cannot read. */
export class SupporterPlatformError extends Error {
  override name = 'SupporterPlatformError';
}

export interface Supporter {
  /** The SubscribeStar user id. */
  id: string;
  /** The pledge to the creator, null when none. */
  pledge: { id: string | null; active: boolean; tierId: string } | null;
}

export function authorizeUrl(config: SubscribeStarConfig, redirectUri: string, state: string): string {
  const url = new URL('/oauth2/authorize', config.url);
  url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, response_type: 'code', scope: SUBSCRIBESTAR_SCOPES, state }).toString();
  return url.toString();
}

async function post(url: URL, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new SupporterPlatformError(`SubscribeStar could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new SupporterPlatformError(`SubscribeStar answered ${response.status} with a body that is not JSON`);
  }
}

/** Exchanges an authorization code for an access token (RFC 6749 §4.1.3). */
export async function exchangeCode(config: SubscribeStarConfig, code: string, redirectUri: string): Promise<string> {
  const { status, body } = await post(new URL('/oauth2/token', config.url), {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, code, grant_type: 'authorization_code', redirect_uri: redirectUri }),
  });
  const token = body as { access_token?: unknown; error?: unknown };
  if (status !== 200 || typeof token.access_token !== 'string') {
    throw new SupporterPlatformError(`SubscribeStar refused the code (${status} ${typeof token.error === 'string' ? token.error : 'no error code'})`);
  }
  return token.access_token;
}

const QUERY = '{ user { id } subscriber { subscription { id active tier_id } } }';

/** Reads the token owner's id and pledge. */
export async function readSupporter(config: SubscribeStarConfig, accessToken: string): Promise<Supporter> {
  const { status, body } = await post(new URL('/api/graphql/v1', config.url), {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });
  const answer = body as { data?: { user?: { id?: unknown }; subscriber?: { subscription?: { id?: unknown; active?: unknown; tier_id?: unknown } | null } }; errors?: unknown };
  const id = answer.data?.user?.id;
  if (status !== 200 || answer.errors || (typeof id !== 'string' && typeof id !== 'number')) {
    throw new SupporterPlatformError(`SubscribeStar's API answered ${status} without the supporter`);
  }
  const subscription = answer.data?.subscriber?.subscription ?? null;
  if (subscription === null) return { id: String(id), pledge: null };
  if (typeof subscription.active !== 'boolean' || (typeof subscription.tier_id !== 'string' && typeof subscription.tier_id !== 'number')) {
    throw new SupporterPlatformError("SubscribeStar's API answered a subscription without active and tier_id");
  }
  return {
    id: String(id),
    pledge: { id: subscription.id === undefined || subscription.id === null ? null : String(subscription.id), active: subscription.active, tierId: String(subscription.tier_id) },
  };
}
