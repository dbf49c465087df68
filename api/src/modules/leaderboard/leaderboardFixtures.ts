import { randomUUID } from 'node:crypto';
import type { CharacterVisibility } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { recordCharacterActivity } from './characterActivity';

/** Hand-made catalog rows for the leaderboard tests: creators, characters and their daily activity. */

export interface FixtureCreator {
  user_id: string;
  username: string;
}

export async function insertCreator(
  db: Queryable,
  creator: { username: string; userId?: string; createdAt?: Date },
): Promise<FixtureCreator> {
  const user_id = creator.userId ?? randomUUID();
  await db.query(
    `insert into creators (user_id, username, display_name, avatar_url, created_at) values ($1, $2, $3, $4, $5)`,
    [user_id, creator.username, creator.username, `/api/avatars/${creator.username}.svg`, creator.createdAt ?? new Date('2025-01-01T00:00:00Z')],
  );
  return { user_id, username: creator.username };
}

export async function insertCharacter(
  db: Queryable,
  creator: FixtureCreator,
  options: { createdAt: Date; visibility?: CharacterVisibility; applicationId?: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into characters (id, application_id, creator_user_id, creator_username, name, title, persona, greeting, visibility,
       created_at, updated_at)
     values ($1, $2, $3, $4, 'Fixture', 'A fixture character', 'Persona.', 'Hello.', $5, $6, $6)`,
    [id, options.applicationId ?? 'fable', creator.user_id, creator.username, options.visibility ?? 'public', options.createdAt],
  );
  return id;
}

/** Adds activity: day → messages (and favourites). */
export async function addActivity(
  db: Queryable,
  characterId: string,
  days: Record<string, number | { messages?: number; favorites?: number }>,
): Promise<void> {
  for (const [day, value] of Object.entries(days)) {
    await recordCharacterActivity(db, characterId, day, typeof value === 'number' ? { messages: value } : value);
  }
}
