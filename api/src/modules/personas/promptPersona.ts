import type { Queryable } from '../../infra/db/database';

/** What the chat prompt needs of the persona the member speaks as. */
export interface PromptPersona {
  name: string;
  highlights: string;
}

/**
 * The persona a member chats as: `personaId` when it is theirs, else their default persona; null when they have
 * none (the chat then uses the username). A persona id of someone else is ignored, never revealed.
 */
export async function loadPromptPersona(db: Queryable, userId: string, personaId: string | null): Promise<PromptPersona | null> {
  const { rows } = await db.query<PromptPersona>(
    `select name, highlights from personas
     where user_id = $1 and (id = $2 or is_default)
     order by (id = $2) desc limit 1`,
    [userId, personaId],
  );
  return rows[0] ? { name: rows[0].name, highlights: rows[0].highlights } : null;
}
