import { PERSONA_COUNT_LIMIT, type Persona, type Tier } from '@fable/contracts';
import type { Database, Queryable, SqlParam } from '../../infra/db/database';
import { defaultPersonaDelete, personaLimitReached, personaNotFound } from './personaErrors';

interface PersonaRow {
  id: string;
  name: string;
  avatar_url: string | null;
  highlights: string;
  is_default: boolean;
}

const COLUMNS = 'id, name, avatar_url, highlights, is_default';

/** Default first, then oldest first (id breaks ties of equal creation times). */
const ORDER = 'order by is_default desc, created_at asc, id asc';

const toPersona = (row: PersonaRow): Persona => ({
  id: row.id,
  name: row.name,
  avatar_url: row.avatar_url,
  highlights: row.highlights,
  is_default: row.is_default,
});

export async function listPersonas(db: Queryable, userId: string): Promise<Persona[]> {
  const { rows } = await db.query<PersonaRow>(`select ${COLUMNS} from personas where user_id = $1 ${ORDER}`, [userId]);
  return rows.map(toPersona);
}

/** The member's persona, or null when unknown or another member's. */
export async function findPersona(db: Queryable, userId: string, personaId: string): Promise<Persona | null> {
  const { rows } = await db.query<PersonaRow>(`select ${COLUMNS} from personas where id = $1 and user_id = $2`, [personaId, userId]);
  return rows[0] ? toPersona(rows[0]) : null;
}

/** Serialises a member's persona writes (count checks, the one default) on their user row. */
async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select 1 from users where id = $1 for update', [userId]);
}

async function countPersonas(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number | string }>('select count(*) as n from personas where user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** Makes `personaId` the one default: the old default is cleared first (the partial unique index checks each row). */
async function makeDefault(tx: Queryable, userId: string, personaId: string, now: Date): Promise<void> {
  await tx.query('update personas set is_default = false, updated_at = $3 where user_id = $1 and is_default and id <> $2', [userId, personaId, now]);
  await tx.query('update personas set is_default = true, updated_at = $3 where user_id = $1 and id = $2 and not is_default', [userId, personaId, now]);
}

export interface PersonaFields {
  name: string;
  avatar_url: string;
  highlights: string;
  is_default: boolean;
}

/**
 * Creates a persona within the tier's count (document 2 §9: free 3, minimal 10, basic 50, premium 100). The first
 * persona (or one asked to be the default) becomes the default.
 */
export async function createPersona(db: Database, user: { id: string; tier: Tier }, fields: PersonaFields, now: Date): Promise<Persona> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const limit = PERSONA_COUNT_LIMIT[user.tier];
    const count = await countPersonas(tx, user.id);
    if (count >= limit) throw personaLimitReached(limit, user.tier);
    const { rows: defaults } = await tx.query('select 1 from personas where user_id = $1 and is_default', [user.id]);
    const { rows } = await tx.query<{ id: string }>(
      `insert into personas (user_id, name, avatar_url, highlights, is_default, created_at, updated_at)
       values ($1, $2, $3, $4, false, $5, $5) returning id`,
      [user.id, fields.name, fields.avatar_url, fields.highlights, now],
    );
    const id = rows[0]!.id;
    if (fields.is_default || defaults.length === 0) await makeDefault(tx, user.id, id, now);
    return (await findPersona(tx, user.id, id))!;
  });
}

/**
 * Changes a persona's fields. `is_default: true` makes it the default; false is ignored (a member always keeps one
 * default: another persona is made the default instead). A member holding more personas than the tier allows (after
 * a downgrade) cannot update them ("To create or update more, please delete existing ones or upgrade your tier").
 */
export async function updatePersona(
  db: Database,
  user: { id: string; tier: Tier },
  personaId: string,
  fields: Partial<PersonaFields>,
  now: Date,
): Promise<Persona> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if (!(await findPersona(tx, user.id, personaId))) throw personaNotFound();
    const limit = PERSONA_COUNT_LIMIT[user.tier];
    if ((await countPersonas(tx, user.id)) > limit) throw personaLimitReached(limit, user.tier);
    const sets: string[] = [];
    const params: SqlParam[] = [personaId, user.id, now];
    for (const key of ['name', 'avatar_url', 'highlights'] as const) {
      const value = fields[key];
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${key} = $${params.length}`);
    }
    await tx.query(`update personas set ${[...sets, 'updated_at = $3'].join(', ')} where id = $1 and user_id = $2`, params);
    if (fields.is_default) await makeDefault(tx, user.id, personaId, now);
    return (await findPersona(tx, user.id, personaId))!;
  });
}

/** Deletes a persona; the default cannot be deleted (document 2 §6, §8). Conversations that used it keep none. */
export async function deletePersona(db: Database, userId: string, personaId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const persona = await findPersona(tx, userId, personaId);
    if (!persona) throw personaNotFound();
    if (persona.is_default) throw defaultPersonaDelete();
    await tx.query('delete from personas where id = $1 and user_id = $2', [personaId, userId]);
  });
}

/** Makes the persona the member's one default, atomically. */
export async function setDefaultPersona(db: Database, userId: string, personaId: string, now: Date): Promise<Persona> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await findPersona(tx, userId, personaId))) throw personaNotFound();
    await makeDefault(tx, userId, personaId, now);
    return (await findPersona(tx, userId, personaId))!;
  });
}
