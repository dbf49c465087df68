import { z } from 'zod';
import { defineCall } from './apiCall';

/**
 * Link previews (issue 28): what a shared link to a chatbot, a creator or a lorebook unfurls to (Open Graph and
 * Twitter card tags, written into the page by the site server). Anyone may ask; only what the public may see answers:
 * a public, safe-for-work chatbot's name, title and avatar; nothing of an NSFW, unlisted, private or unpublished one.
 */
export const LINK_PREVIEW_PATHS = ['/chatbot/:id', '/groupchat/:id', '/creator/:username', '/lorebook/:id'] as const;

export const LinkPreviewQuerySchema = z.object({ path: z.string().trim().min(2).max(200).regex(/^\//, 'a path of the site') });

export const LinkPreviewSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** A path of the site (the avatar) or an absolute URL; null when there is none. */
  image: z.string().nullable(),
  type: z.enum(['profile', 'website']),
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;

/** How long a preview may be cached (the API's cache and the site server's). */
export const LINK_PREVIEW_CACHE_SECONDS = 300;

export const linkPreviewCalls = {
  get: defineCall({ method: 'GET', path: '/link-preview', access: 'public', query: LinkPreviewQuerySchema, response: LinkPreviewSchema }),
} as const;
