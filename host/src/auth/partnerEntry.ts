import type {
  PARTNER_ENTRY_PARAMS as CONTRACT_PARTNER_ENTRY_PARAMS,
  PARTNER_TOKEN_HEADER as CONTRACT_PARTNER_TOKEN_HEADER,
  SessionUser as ApiUser,
  usersCalls,
} from '@fable/contracts';
import { api, type AppStore } from '@fable/shared';

// Names checked against the contracts at compile time only (the shell keeps classic zod off its critical path,
// docs/adr/0001), like authApi's.
/** The parameters of a partner user's arrival (contracts' PARTNER_ENTRY_PARAMS; README "Partner users' entry"). */
export const PARTNER_ENTRY_PARAMS: typeof CONTRACT_PARTNER_ENTRY_PARAMS = {
  externalId: 'external_id',
  name: 'external_name',
  username: 'external_username',
  token: 'partner_token',
};
const PARTNER_TOKEN_HEADER: typeof CONTRACT_PARTNER_TOKEN_HEADER = 'X-Partner-Token';
export const USERS_EXTERNAL_PATH: (typeof usersCalls)['external']['path'] = '/v2/users/external';

/** A partner user's arrival: who the partner says it is, and the token the partner signed for exactly that. */
export interface PartnerEntry {
  id: string;
  name: string;
  username: string;
  token: string;
}

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

/** Whether the address carries any of the arrival's parameters (all of them are removed from it, used or not). */
export function hasPartnerEntryParams(params: URLSearchParams): boolean {
  return Object.values(PARTNER_ENTRY_PARAMS).some((name) => params.has(name));
}

/** The arrival in the address, or null unless it holds all four values. */
export function readPartnerEntry(params: URLSearchParams): PartnerEntry | null {
  const id = params.get(PARTNER_ENTRY_PARAMS.externalId);
  const name = params.get(PARTNER_ENTRY_PARAMS.name);
  const username = params.get(PARTNER_ENTRY_PARAMS.username);
  const token = params.get(PARTNER_ENTRY_PARAMS.token);
  return id && name && username && token ? { id, name, username, token } : null;
}

/** Sends the arrival to the API (POST /v2/users/external with X-Partner-Token): the sign-in, or the call's error. */
export function requestPartnerSignIn(store: Pick<AppStore, 'dispatch'>, entry: PartnerEntry) {
  return store.dispatch(partnerEntryApi.endpoints.host_partnerEntry.initiate(entry));
}

/** document 1 §4 "A user whose id equals the external id is treated as not authenticated." */
export const isExternalIdUser = (user: Pick<ApiUser, 'id' | 'external_id'>) => user.external_id !== null && user.external_id === user.id;
