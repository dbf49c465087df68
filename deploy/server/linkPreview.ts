import type { FastifyRequest } from 'fastify';
import { LINK_PREVIEW_CACHE_SECONDS, type LinkPreview } from '@fable/contracts';
import type { ApiUpstream } from './apiUpstream';

/**
 * Link previews (issue 28): a shared link to a chatbot, a creator or a lorebook unfurls with Open Graph and Twitter
 * card tags in the host's page. The site server asks the API (`GET /api/link-preview?path=`, which answers only what the
 * public may see) and keeps the answer for LINK_PREVIEW_CACHE_SECONDS. It never delays a person's page: a browser
 * gets the tags when they are cached and the page at once otherwise (the preview is fetched behind it); a link
 * crawler, which reads nothing else, waits for them up to CRAWLER_WAIT_MS.
 */

const PREVIEW_PATH = /^\/(chatbot|groupchat|creator|lorebook)\/[^/?#]{1,100}$/;
/** The user agents of link unfurlers (they read the tags and run no script). */
const CRAWLER = /facebookexternalhit|facebot|twitterbot|slackbot|discordbot|linkedinbot|whatsapp|telegrambot|skypeuripreview|redditbot|embedly|pinterest|applebot|googlebot|bingbot/i;
export const CRAWLER_WAIT_MS = 2000;
const FETCH_TIMEOUT_MS = 3000;
const MAX_ENTRIES = 2000;

interface Entry {
  at: number;
  preview: LinkPreview | null;
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tags for a preview; the image made absolute on the page's own origin. */
export function previewTags(preview: LinkPreview, pageUrl: string, siteName: string): string {
  const image = preview.image ? new URL(preview.image, pageUrl).href : null;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', preview.type],
    ['property', 'og:site_name', siteName],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'description', preview.description],
  ];
  if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}" />`).join('\n    ');
}

/** Puts the tags at the end of <head>. */
export function withPreviewTags(html: string, tags: string): string {
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}    ${tags}\n  ${html.slice(at)}`;
}

/** `api`: the site server's connections to the API (apiUpstream.ts), the /api proxy's. */
export function createLinkPreviews(api: ApiUpstream, now: () => number = Date.now) {
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<LinkPreview | null>>();

  async function fetchPreview(applicationId: string, path: string): Promise<LinkPreview | null> {
    const answer = await api.request({
      path: `/api/link-preview?path=${encodeURIComponent(path)}`,
      method: 'GET',
      headers: { 'x-application-id': applicationId },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (answer.statusCode === 404 || answer.statusCode >= 300) {
      await answer.body.dump();
      if (answer.statusCode === 404) return null;
      throw new Error(`link preview answered ${answer.statusCode}`);
    }
    return (await answer.body.json()) as LinkPreview;
  }

  function load(key: string, applicationId: string, path: string): Promise<LinkPreview | null> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = fetchPreview(applicationId, path)
      .then((preview) => {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, { at: now(), preview });
        return preview;
      })
      .catch(() => null)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  /** The preview for this page request, if the path is one that unfurls and one is at hand (or worth waiting for). */
  return async function previewFor(request: FastifyRequest, applicationId: string): Promise<LinkPreview | null> {
    const path = decodeURI(request.url.split('?')[0]!);
    if (!PREVIEW_PATH.test(path)) return null;
    const key = `${applicationId} ${path}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < LINK_PREVIEW_CACHE_SECONDS * 1000) return hit.preview;
    const loading = load(key, applicationId, path);
    if (!CRAWLER.test(request.headers['user-agent'] ?? '')) return hit?.preview ?? null;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CRAWLER_WAIT_MS).unref());
    return Promise.race([loading, timeout]);
  };
}
