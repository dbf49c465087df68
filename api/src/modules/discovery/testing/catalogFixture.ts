import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../infra/db/database';
import type { CharacterRow } from '../../characters/characterRow';
import { characterRow, insertCharacterRow } from '../../characters/testing/characterRowFixture';

/** Test catalog: creators and characters written straight into the tables (the characters module's calls are not needed). */

export interface FixtureCreator {
  user_id: string;
  username: string;
}

export async function insertCreator(db: Queryable, creator: Partial<FixtureCreator> & { username: string; display_name?: string }): Promise<FixtureCreator> {
  const userId = creator.user_id ?? randomUUID();
  const username = creator.username.toLowerCase();
  await db.query(
    `insert into creators (user_id, username, display_name, avatar_url) values ($1, $2, $3, $4)
     on conflict (user_id) do nothing`,
    [userId, username, creator.display_name ?? username, `/api/avatars/${username}.svg`],
  );
  return { user_id: userId, username };
}

let counter = 0;

/** A character of `creator`, public in the main application unless told otherwise. */
export async function insertCharacter(
  db: Queryable,
  creator: FixtureCreator,
  fields: Partial<CharacterRow> = {},
): Promise<CharacterRow> {
  counter += 1;
  const now = new Date();
  const own = {
    creator_user_id: creator.user_id,
    creator_username: creator.username,
    name: `Bot ${counter}`,
    title: `A test character number ${counter}`,
    persona: 'A persona that only the creator or a visible definition shows.',
    scenario: 'A scenario.',
    greeting: 'Hello there!',
    dialogue: 'Example dialogue.',
    avatar_url: `/api/avatars/bot-${counter}.svg`,
    token_count: 100,
    num_messages: 100,
    num_messages_24h: 5,
    created_at: new Date(now.getTime() - counter * 1000),
    updated_at: now,
  };
  return insertCharacterRow(db, characterRow(own, fields));
}
