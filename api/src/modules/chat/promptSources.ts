import type { Queryable } from '../../infra/db/database';
import type { PromptPersona } from './prompt/buildPrompt';
import type { PromptLoreEntry } from './prompt/lorebookActivation';

/**
 * What the prompt reads besides the character and the messages (memories come from the memories module's
 * loadPromptMemories). The persona is read here rather than with the personas module's loadPromptPersona because
 * the turn also needs its id (a new conversation records it) and falls back to the conversation's persona.
 */

/**
 * The persona of a turn: the one asked for, else the conversation's, else the member's default; null when the
 * member has none (or asked for one that is not theirs).
 */
export async function loadTurnPersona(
  db: Queryable,
  userId: string,
  personaId: string | null,
  conversationId: string | null,
): Promise<(PromptPersona & { id: string }) | null> {
  const { rows } = await db.query<{ id: string; name: string; highlights: string }>(
    `with chosen as (select coalesce($2::text, (select user_persona_id from conversations where id = $3 and user_id = $1)) as id)
     select p.id, p.name, p.highlights from personas p, chosen
      where p.user_id = $1 and (p.id = chosen.id or (chosen.id is null and p.is_default))
      limit 1`,
    [userId, personaId, conversationId],
  );
  return rows[0] ?? null;
}

/** The entries of the character `c` (an alias in the enclosing query) as a json array, in lorebook then entry order. */
export const LORE_ENTRIES_JSON = `coalesce((
    select json_agg(json_build_object('id', e.id, 'keywords', e.keywords, 'content', e.content) order by cl.lorebook_id, e.position)
      from character_lorebooks cl join lorebook_entries e on e.lorebook_id = cl.lorebook_id
     where cl.character_id = c.id), '[]'::json)`;

/** The entries of the character's lorebooks, in lorebook then entry order. */
export async function loadLoreEntries(db: Queryable, characterId: string): Promise<PromptLoreEntry[]> {
  const { rows } = await db.query<PromptLoreEntry>(
    `select e.id, e.keywords, e.content from character_lorebooks cl
       join lorebook_entries e on e.lorebook_id = cl.lorebook_id
      where cl.character_id = $1 order by cl.lorebook_id, e.position`,
    [characterId],
  );
  return rows;
}
