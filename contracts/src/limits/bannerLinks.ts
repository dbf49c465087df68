// No zod here: the shell's banners and the chat's ads check links and colours with these, off the schemas.

/**
 * A path of this site: one leading slash and never a second slash or a backslash after it (browsers and the router
 * read "//host" and "/\\host" as another site), no spaces.
 */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** An https URL without spaces, quotes, brackets or backslashes (nothing that could end a CSS url() or an attribute). */
export const HTTPS_URL = /^https:\/\/[^\s"'()\\<>]+$/;
/** An image a banner shows: an https URL or a path of the site, with the same limits. */
export const IMAGE_SOURCE = /^(https:\/\/[^\s"'()\\<>]+|\/(?![/\\])[^\s"'()\\<>]*)$/;
/** A colour as banners store it. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
