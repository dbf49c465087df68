import { BILLING_TIMINGS } from '@fable/contracts';
import { api, renewAccessToken, type AppDispatch } from '@fable/shared';

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Force-refreshes the member's access token BILLING_TIMINGS.portalTokenRefreshMs (5 s) after a portal action
 * succeeded (document 2 §4, §9), so the role and permissions follow the subscription. The refresh is the session's
 * own (renewAccessToken without a refused token renews the current one), then the profile is read again; a second action within the 5 s starts the
 * wait again. It still runs when the member has left the portal meanwhile.
 */
export function refreshTokenAfterPortalAction(dispatch: AppDispatch): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = undefined;
    void dispatch(renewAccessToken()).then(() => dispatch(api.util.invalidateTags(['User'])));
  }, BILLING_TIMINGS.portalTokenRefreshMs);
}
