/** Where this tab remembers that the mobile app opened it. */
export const MOBILE_APP_KEY = 'fable.mobileApp';

/**
 * Whether the site runs inside the mobile app (document 1 §2: "Side nav is hidden in the mobile app"): the app opens
 * it with `?mobile_app=1` (kept for the tab's session, as the app's web view keeps its tab) or names itself in its
 * user agent ("FableApp/").
 */
export function detectMobileApp(search: string = window.location.search, userAgent: string = navigator.userAgent): boolean {
  if (/\bFableApp\//.test(userAgent)) return true;
  const asked = new URLSearchParams(search).get('mobile_app');
  try {
    if (asked === '1') sessionStorage.setItem(MOBILE_APP_KEY, '1');
    if (asked === '0') sessionStorage.removeItem(MOBILE_APP_KEY);
    return sessionStorage.getItem(MOBILE_APP_KEY) === '1';
  } catch {
    return asked === '1';
  }
}

/**
 * Routes whose page draws its own header (the chat's, with its back button: document 1 §2 "Chat"), where the shell's
 * header is hidden on mobile and tablet ("The header is hidden on mobile and tablet for some routes"; the spec does
 * not name them).
 */
export const OWN_HEADER_ROUTES = /^\/chat\/[^/]+/;
