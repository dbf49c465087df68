import type { PARTNER_ENTRY_PARAMS as CONTRACT_PARTNER_ENTRY_PARAMS } from '@fable/contracts';

// Checked against the contracts at compile time only (the shell keeps classic zod off its critical path, docs/adr/0001).
/** The parameters of a partner user's arrival (contracts' PARTNER_ENTRY_PARAMS; README "Partner users' entry"). */
export const PARTNER_ENTRY_PARAMS: typeof CONTRACT_PARTNER_ENTRY_PARAMS = {
  externalId: 'external_id',
  name: 'external_name',
  username: 'external_username',
  token: 'partner_token',
};

/** A partner user's arrival: who the partner says it is, and the token the partner signed for exactly that. */
export interface PartnerEntry {
  id: string;
  name: string;
  username: string;
  token: string;
}

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
