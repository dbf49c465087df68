import { LINK_PREVIEW_CACHE_SECONDS, linkPreviewCalls, type LinkPreview } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { cachedJson } from '../../infra/cache/cache';
import type { Queryable } from '../../infra/db/database';

const DESCRIPTION_MAX = 200;
const cut = (text: string, max = DESCRIPTION_MAX) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

async function chatbotPreview(db: Queryable, applicationId: string, id: string): Promise<LinkPreview | null> {
  const { rows } = await db.query<{ name: string; title: string; avatar_url: string | null; creator_username: string }>(
    `select name, title, avatar_url, creator_username from characters
     where id = $1 and application_id = $2 and visibility = 'public' and not is_nsfw and not avatar_is_nsfw
       and coalesce(moderation_status, 'closed') = 'closed' and not aicq_manual_review_required`,
    [id, applicationId],
  );
  const c = rows[0];
  return c ? { title: c.name, description: cut(`${c.title} · by @${c.creator_username}`), image: c.avatar_url, type: 'profile' } : null;
}

async function creatorPreview(db: Queryable, applicationId: string, username: string): Promise<LinkPreview | null> {
  const { rows } = await db.query<{ username: string; highlights: string | null; avatar_url: string | null; bots: number }>(
    `select u.username, u.highlights, u.avatar_url,
       (select count(*)::int from characters c where c.creator_user_id = u.id::text and c.visibility = 'public' and not c.is_nsfw) as bots
     from users u where u.application_id = $1 and u.username = $2 and u.deleted_at is null
       and not exists (select 1 from user_restrictions r where r.user_id = u.id and r.kind = 'complete' and r.lifted_at is null)`,
    [applicationId, username.toLowerCase()],
  );
  const u = rows[0];
  if (!u) return null;
  // document 1 §2: the creator page is titled "@{username}'s Chatbots".
  const description = u.highlights ? cut(u.highlights) : `${u.bots} public ${u.bots === 1 ? 'chatbot' : 'chatbots'}`;
  return { title: `@${u.username}'s Chatbots`, description, image: u.avatar_url, type: 'profile' };
}

async function lorebookPreview(db: Queryable, applicationId: string, id: string): Promise<LinkPreview | null> {
  const { rows } = await db.query<{ name: string; description: string; avatar_url: string | null; creator_username: string }>(
    'select name, description, avatar_url, creator_username from lorebooks where id = $1 and application_id = $2',
    [id, applicationId],
  );
  const l = rows[0];
  return l ? { title: l.name, description: cut(l.description || `A lorebook by @${l.creator_username}`), image: l.avatar_url, type: 'website' } : null;
}

/** The preview of a path of the site, or null when it names nothing the public may see. */
async function previewOf(db: Queryable, applicationId: string, path: string): Promise<LinkPreview | null> {
  const [, kind, key, rest] = path.split('?')[0]!.split('/');
  if (!kind || !key || rest !== undefined) return null;
  const id = decodeURIComponent(key);
  if (id.length > 100) return null;
  if (kind === 'chatbot' || kind === 'groupchat') return chatbotPreview(db, applicationId, id);
  if (kind === 'creator') return creatorPreview(db, applicationId, id);
  if (kind === 'lorebook') return lorebookPreview(db, applicationId, id);
  return null;
}

/**
 * GET /link-preview?path= (contracts' linkPreviewCalls): the title, description and image a shared link unfurls to,
 * cached for LINK_PREVIEW_CACHE_SECONDS (an absent preview too); 404 for a path that names nothing public.
 */
export const linkPreviewRoutes: ApiPlugin = async (app, { db, cache }) => {
  const get = linkPreviewCalls.get;
  app.get(get.path, { schema: { querystring: get.query, response: { 200: get.response } }, config: { access: get.access } }, async (request, reply) => {
    const applicationId = request.caller.applicationId;
    const { path } = request.query;
    const preview = await cachedJson(cache, `link-preview:${applicationId}:${path}`, LINK_PREVIEW_CACHE_SECONDS, async () => ({ preview: await previewOf(db, applicationId, path) }));
    if (!preview.preview) throw new AppError(404, 'not_found', 'Nothing to preview at this path');
    void reply.header('cache-control', `public, max-age=${LINK_PREVIEW_CACHE_SECONDS}`);
    return preview.preview;
  });
};
