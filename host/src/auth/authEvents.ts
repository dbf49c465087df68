import type { SignInMethod } from '@fable/contracts';
import { trackEvent, type AppDispatch } from '@fable/shared';

/**
 * Analytics events of sign-in (document 1 §4 "Sign-in", §7 "Analytics events: … login, sign up"): sent to the API
 * (POST /event, with the new tokens) and announced on the window (`fable:analytics`) for whichever analytics adapter
 * the deployment loads.
 */
export type AuthEventName = 'login' | 'sign_up';

/** `dispatch`: the store that holds the new tokens (the page's one store by default). */
export function trackAuthEvent(name: AuthEventName, detail: { method: SignInMethod }, dispatch?: AppDispatch): void {
  trackEvent({ event_name: name, method: detail.method }, dispatch);
  window.dispatchEvent(new CustomEvent('fable:analytics', { detail: { event: name, ...detail } }));
}

/** After a login: a sign-up event when the user has no username yet, else a login event. */
export function authEventFor(username: string | null | undefined): AuthEventName {
  return username ? 'login' : 'sign_up';
}
