import type { Queryable } from '../../infra/db/database';

/** What the chat prompt needs of the persona the member speaks as (with its id: a new conversation records it). */
export interface PromptPersona {
  id: string;
  name: string;
  highlights: string;
}

/**
 * SQL (a json object or null) of the persona a member chats as: the one `askedSql` names when it is theirs, else
 * their default persona; null when they have none (the chat then uses the username). A persona id of someone else
 * is ignored, never revealed. `userSql` and `askedSql` are SQL expressions (parameters) of the enclosing query.
 */
export const promptPersonaJson = (userSql: string, askedSql: string) => `(
    select json_build_object('id', p.id, 'name', p.name, 'highlights', p.highlights) from personas p
     where p.user_id = ${userSql} and (p.id = ${askedSql} or p.is_default)
     order by (p.id = ${askedSql}) is true desc limit 1)`;

export async function loadPromptPersona(db: Queryable, userId: string, personaId: string | null): Promise<PromptPersona | null> {
  const { rows } = await db.query<{ persona: PromptPersona | null }>(`select ${promptPersonaJson('$1::uuid', '$2::text')} as persona`, [userId, personaId]);
  return rows[0]?.persona ?? null;
}
