/**
 * Where the Android package is served. The spec shows a download button but not its target; ours: the
 * deployment's static server publishes the APK at this path on the site's own origin, so each brand
 * serves its own build.
 */
export const ANDROID_APK_URL = '/downloads/android/app.apk';

/** "advertises 300K+ NSFW characters" (document 1 §2, mobile app download page). */
export const CHARACTER_COUNT_TAGLINE = '300K+ NSFW characters';

export const ANDROID_GUIDE_PATH = '/apps/android';
