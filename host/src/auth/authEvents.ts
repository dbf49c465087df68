/**
 * Analytics events of sign-in (document 1 §4 "Sign-in", §7 "Analytics events: … login, sign up"). The spec does not
 * show the analytics call; the shell announces them on the window (`fable:analytics`) for whichever analytics
 * adapter the deployment loads.
 */
export type AuthEventName = 'login' | 'sign_up';

export function trackAuthEvent(name: AuthEventName, detail: Record<string, unknown> = {}): void {
  window.dispatchEvent(new CustomEvent('fable:analytics', { detail: { event: name, ...detail } }));
}

/** After a login: a sign-up event when the user has no username yet, else a login event. */
export function authEventFor(username: string | null | undefined): AuthEventName {
  return username ? 'login' : 'sign_up';
}
