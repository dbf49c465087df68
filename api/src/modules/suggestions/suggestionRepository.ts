import type { ModerationStatus, TagSuggestion } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** SQL of the suggestion calls: the tag suggestions (migration 013) and the chatbot a suggestion is asked for. */

interface TagSuggestionRow {
  character_id: string;
  tags_to_add: string[];
  tags_to_remove: string[];
  suggested_at: Date;
}

const toTagSuggestion = (row: TagSuggestionRow): TagSuggestion => ({
  character_id: row.character_id,
  tags_to_add: row.tags_to_add,
  tags_to_remove: row.tags_to_remove,
  suggested_at: new Date(row.suggested_at).toISOString(),
});

/** The member's pending suggestion for the chatbot, or null. */
export async function findTagSuggestion(db: Queryable, userId: string, characterId: string): Promise<TagSuggestion | null> {
  const { rows } = await db.query<TagSuggestionRow>(
    'select character_id, tags_to_add, tags_to_remove, suggested_at from tag_suggestions where user_id = $1 and character_id = $2',
    [userId, characterId],
  );
  return rows[0] ? toTagSuggestion(rows[0]) : null;
}

/**
 * Writes the member's suggestion, replacing the pending one. Null when the chatbot is gone meanwhile (the insert
 * takes its row from characters, so a deleted chatbot writes nothing).
 */
export async function saveTagSuggestion(
  db: Queryable,
  s: { userId: string; characterId: string; applicationId: string; add: readonly string[]; remove: readonly string[]; now: Date },
): Promise<TagSuggestion | null> {
  try {
    const { rows } = await db.query<TagSuggestionRow>(
      `insert into tag_suggestions (user_id, character_id, application_id, tags_to_add, tags_to_remove, suggested_at)
       select $1, c.id, $3, $4::text[], $5::text[], $6 from characters c where c.id = $2
       on conflict (user_id, character_id) do update
         set tags_to_add = excluded.tags_to_add, tags_to_remove = excluded.tags_to_remove, suggested_at = excluded.suggested_at
       returning character_id, tags_to_add, tags_to_remove, suggested_at`,
      [s.userId, s.characterId, s.applicationId, [...s.add], [...s.remove], s.now],
    );
    return rows[0] ? toTagSuggestion(rows[0]) : null;
  } catch (err) {
    // The chatbot (or the account) deleted between the read and the write.
    if ((err as { code?: string } | null)?.code === '23503') return null;
    throw err;
  }
}

/** Discards the member's pending suggestion (none is fine). */
export async function deleteTagSuggestion(db: Queryable, userId: string, characterId: string): Promise<void> {
  await db.query('delete from tag_suggestions where user_id = $1 and character_id = $2', [userId, characterId]);
}

export interface EditedCharacter {
  application_id: string;
  creator_user_id: string;
  moderation_status: ModerationStatus | null;
}

/** Who owns the chatbot the form edits, and its moderation status; null when there is none. */
export async function findEditedCharacter(db: Queryable, characterId: string): Promise<EditedCharacter | null> {
  const { rows } = await db.query<EditedCharacter>('select application_id, creator_user_id, moderation_status from characters where id = $1', [characterId]);
  return rows[0] ?? null;
}
