/**
 * What every call carries (document 1 §7, document 2 §7). Header names are not given by the spec;
 * these are ours. The country travels as a cookie.
 */
export const API_HEADERS = {
  authorization: 'Authorization',
  guestUserId: 'X-Guest-User-Id',
  applicationId: 'X-Application-Id',
  impersonate: 'X-Impersonate',
} as const;

export const COUNTRY_COOKIE = 'country';

/** The API's base path on the site's origin; users and auth calls add the v2 segment. */
export const API_BASE = '/api';
export const API_V2 = '/api/v2';

/** Token refresh call (document 1 §7 "POST auth/refresh (v2)"). */
export const AUTH_REFRESH_PATH = '/v2/auth/refresh';
