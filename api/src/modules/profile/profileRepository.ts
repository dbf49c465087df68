import type { ChatbotRating, Creator, SubCharacter } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import type { CharacterRow } from '../characters/characterRow';
import type { Viewer } from '../discovery/characterAccess';
import { groupMembersFor, toSubCharacter } from '../groupChats/groupMembers';

/** users.id is a uuid, creator ids are text (seeded creators have no account): compare without a failing cast. */
export const textAsUserId = (expr: string) =>
  `(case when ${expr} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${expr})::uuid end)`;

/** The lorebooks a character uses (id, name), oldest first: the profile shows the first one's name. */
export async function characterLorebooks(db: Queryable, characterId: string): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select l.id, l.name from character_lorebooks cl join lorebooks l on l.id = cl.lorebook_id
     where cl.character_id = $1 order by l.created_at, l.id`,
    [characterId],
  );
  return rows;
}

/**
 * A group chat's sub-characters (id, name, avatar_url, moderation_status), in the group's order, as the group rules
 * read them for this viewer (modules/groupChats/groupMembers.ts: the group's creator sees their own chatbots, everyone
 * else the members listings show; deleted or withdrawn ones drop out). A chatbot has none.
 */
export async function subCharacters(db: Queryable, group: CharacterRow, viewer: Viewer): Promise<SubCharacter[]> {
  if (group.sub_character_ids.length === 0) return [];
  const members = await groupMembersFor(db, [group], viewer.userId);
  return (members.get(group.id) ?? []).map(toSubCharacter);
}

export interface ViewerState {
  is_favorite: boolean;
  rating: ChatbotRating | null;
  creator_blocked: boolean;
}

/** The member's own state on a character: favourite, rating, creator blocked. */
export async function viewerState(db: Queryable, userId: string, characterId: string, creatorUserId: string): Promise<ViewerState> {
  const { rows } = await db.query<{ is_favorite: boolean; rating: number | null; creator_blocked: boolean }>(
    `select
       exists (select 1 from character_favorites where user_id = $1 and character_id = $2) as is_favorite,
       (select rating from character_ratings where user_id = $1 and character_id = $2) as rating,
       exists (select 1 from creator_blocks where user_id = $1 and creator_user_id = $3) as creator_blocked`,
    [userId, characterId, creatorUserId],
  );
  const row = rows[0];
  return {
    is_favorite: row?.is_favorite ?? false,
    rating: (row?.rating ?? null) as ChatbotRating | null,
    creator_blocked: row?.creator_blocked ?? false,
  };
}

/**
 * A creator of the caller's application by username: a creator (the catalog's creators table) with characters in
 * the application, or a member of the application (a creator page with no chatbot yet). num_characters counts the
 * public characters of the application, what the creator page lists.
 */
export async function findCreator(db: Queryable, applicationId: string, username: string): Promise<Creator | null> {
  const name = username.toLowerCase();
  const { rows } = await db.query<{ user_id: string; username: string; display_name: string; avatar_url: string | null }>(
    `select cr.user_id, cr.username, cr.display_name, cr.avatar_url
     from creators cr
     where cr.username = $1
       and (exists (select 1 from characters c where c.creator_user_id = cr.user_id and c.application_id = $2)
            or exists (select 1 from users u where u.id = ${textAsUserId('cr.user_id')} and u.application_id = $2 and u.deleted_at is null))
     union all
     select u.id::text, u.username, coalesce(u.name, u.username), u.avatar_url
     from users u
     where u.application_id = $2 and u.username = $1 and u.deleted_at is null
     limit 1`,
    [name, applicationId],
  );
  const creator = rows[0];
  if (!creator) return null;
  const { rows: counts } = await db.query<{ n: number }>(
    `select count(*)::int as n from characters where creator_user_id = $1 and application_id = $2 and visibility = 'public'`,
    [creator.user_id, applicationId],
  );
  return { ...creator, num_characters: counts[0]?.n ?? 0 };
}
