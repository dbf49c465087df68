import type { PARTNER_TOKEN_HEADER as CONTRACT_PARTNER_TOKEN_HEADER, SessionUser as ApiUser, usersCalls } from '@fable/contracts';
import { api, apiErrorOf, notify, type AppStore } from '@fable/shared';
import { authApi } from './authApi';
import type { PartnerEntry } from './partnerEntryParams';
import { completeSignIn, notifyAuthError } from './sessionLifecycle';
import { isPartnerTabSession, readStoredTokens, startPartnerTabSession } from './tokenStorage';

// The arrival's sign-in, loaded only when a partner user arrives (sessionLifecycle imports it on demand: the first
// screen of everyone else does not carry it). Names checked against the contracts at compile time only.
const PARTNER_TOKEN_HEADER: typeof CONTRACT_PARTNER_TOKEN_HEADER = 'X-Partner-Token';
export const USERS_EXTERNAL_PATH: (typeof usersCalls)['external']['path'] = '/v2/users/external';

/** POST /v2/users/external's answer (document 1 §7 "returns user and token"). */
export interface PartnerSignIn {
  user: ApiUser;
  token: string;
  refresh_token: string;
  expires_in: number;
}

const partnerEntryApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_partnerEntry: build.mutation<PartnerSignIn, PartnerEntry>({
      query: ({ token, ...body }) => ({ url: USERS_EXTERNAL_PATH, method: 'POST', body, headers: { [PARTNER_TOKEN_HEADER]: token } }),
    }),
  }),
});

/** Sends the arrival to the API (POST /v2/users/external with X-Partner-Token): the sign-in, or the call's error. */
export function requestPartnerSignIn(store: Pick<AppStore, 'dispatch'>, entry: PartnerEntry) {
  return store.dispatch(partnerEntryApi.endpoints.host_partnerEntry.initiate(entry));
}

/** document 1 §4 "A user whose id equals the external id is treated as not authenticated." */
export const isExternalIdUser = (user: Pick<ApiUser, 'id' | 'external_id'>) => user.external_id !== null && user.external_id === user.id;

/**
 * A partner user's arrival (document 1 §1 "Partner users enter with an external user id and a token", §4, §7 "POST
 * users/external (v2) … logged in as partner"): signed in through POST /v2/users/external with the token its partner
 * signed, into a session of this tab's own (sessionStorage: "a token in session"), refreshed like any other
 * (POST /v2/auth/refresh). A partner session the tab held before is signed out. Refused (the API's message is shown),
 * or a user whose id equals the external id (not authenticated, §4): false, and the tab keeps what it had.
 */
export async function enterAsPartner(store: Pick<AppStore, 'dispatch' | 'getState'>, entry: PartnerEntry): Promise<boolean> {
  const result = await requestPartnerSignIn(store, entry);
  if (!result.data) {
    const error = apiErrorOf(result.error);
    if (error.message && !error.network) notify.error(error.message);
    else void notifyAuthError('networking');
    return false;
  }
  if (isExternalIdUser(result.data.user)) {
    void notifyAuthError('authFailed');
    return false;
  }
  const earlier = isPartnerTabSession() ? readStoredTokens().refreshToken : null;
  if (earlier) void store.dispatch(authApi.endpoints.host_logout.initiate({ refresh_token: earlier }));
  startPartnerTabSession();
  completeSignIn(store, result.data, 'partner');
  return true;
}
