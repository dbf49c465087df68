/**
 * Affiliate and tap tracking ids (document 1 §7 "POST users (v2) creates it with profile plus optional affiliate_id
 * and tap_tracking_id"): read from the arrival URL's query parameters of the same names, kept on the device until
 * sign-up, sent with it and kept on the user, never replaced. Ours: 1 to 100 printable ASCII characters, no spaces.
 * No zod here: the shell reads them at boot (docs/adr/0001); TrackingIdSchema (analytics.ts) is the API's check.
 */
export const TRACKING_ID_PARAMS = ['affiliate_id', 'tap_tracking_id'] as const;
export type TrackingIdParam = (typeof TRACKING_ID_PARAMS)[number];
export type TrackingIds = Partial<Record<TrackingIdParam, string>>;

export const TRACKING_ID_MAX = 100;
/** Printable ASCII without spaces (the length is TRACKING_ID_MAX's). */
export const TRACKING_ID_PATTERN = /^[\x21-\x7e]+$/;

export const isTrackingId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= TRACKING_ID_MAX && TRACKING_ID_PATTERN.test(value);
