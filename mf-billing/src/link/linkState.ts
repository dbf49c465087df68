import { NO_ACTIVE_PLEDGE_SERVER_MESSAGE, type SupporterLinkResult, type SupporterLinkState } from '@fable/contracts';
import { apiErrorOf } from '@fable/shared';

/** The link page's query parameters: the provider's `code`, rewritten to `subscribestar_code` (document 2 §2). */
export const PROVIDER_CODE_PARAM = 'code';
export const SUPPORTER_CODE_PARAM = 'subscribestar_code';
/** OAuth's `state`: the API's link attempt, sent back with the code (the API reads it beside the contract's query). */
export const PROVIDER_STATE_PARAM = 'state';

/** How often a transient link still `linking` is asked again. */
export const TRANSIENT_LINK_POLL_MS = 2000;

const isNoPledge = (message: string | null | undefined) => message?.trim().toLowerCase() === NO_ACTIVE_PLEDGE_SERVER_MESSAGE;

/**
 * The supporter link state of an answer (document 2 §4): invalid_pledge when the server says 'no active pledge
 * found' (whatever status it gives with it), success and linking as sent, error for anything else.
 */
export function linkStateOf(result: SupporterLinkResult): SupporterLinkState {
  if (result.status === 'invalid_pledge' || isNoPledge(result.message)) return 'invalid_pledge';
  if (result.status === 'success' || result.status === 'linking') return result.status;
  return 'error';
}

/** The state of a failed call: invalid_pledge when its message is 'no active pledge found', error otherwise. */
export function linkStateOfError(error: unknown): SupporterLinkState {
  return isNoPledge(apiErrorOf(error).message) ? 'invalid_pledge' : 'error';
}

/** The page's own address, where the provider sends the member back (redirect_url). */
export function linkReturnUrl(origin: string): string {
  return `${origin}/link/subscribestar`;
}
