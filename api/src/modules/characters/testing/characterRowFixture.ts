import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../infra/db/database';
import { CHARACTER_COLUMNS, type CharacterRow } from '../characterRow';

/** The columns in which the tests' characters differ from one catalog fixture to the other. */
export type OwnColumns = Pick<
  CharacterRow,
  | 'creator_user_id'
  | 'creator_username'
  | 'name'
  | 'title'
  | 'persona'
  | 'scenario'
  | 'greeting'
  | 'dialogue'
  | 'avatar_url'
  | 'token_count'
  | 'num_messages'
  | 'num_messages_24h'
  | 'created_at'
  | 'updated_at'
>;

/**
 * A whole characters row for tests: `own` over the common defaults (a public, unmoderated, safe-for-work character of
 * the main application, tagged Fantasy and Female, in English), then `fields` over both.
 */
export function characterRow(own: OwnColumns, fields: Partial<CharacterRow> = {}): CharacterRow {
  return {
    id: randomUUID(),
    application_id: 'fable',
    description: '',
    tags: ['Fantasy', 'Female'],
    language: 'en',
    name_i18n: {},
    title_i18n: {},
    translated_languages: [],
    is_nsfw: false,
    avatar_is_nsfw: false,
    visibility: 'public',
    definition_visible: false,
    guidelines: true,
    type: 'character',
    sub_character_ids: [],
    rating_score: null,
    rating_count: 0,
    num_favorites: 0,
    lora_status: 'none',
    moderation_status: null,
    reason_for_moderation: [],
    action_taken_description: null,
    moderation_expires_at: null,
    aicq_manual_review_required: false,
    submit_for_manual_review: false,
    reports_type: [],
    ...own,
    ...fields,
  };
}

/** Writes `row` (every column) straight into `characters`. */
export async function insertCharacterRow(db: Queryable, row: CharacterRow): Promise<CharacterRow> {
  const columns = CHARACTER_COLUMNS.join(', ');
  await db.query(`insert into characters (${columns}) select ${columns} from json_populate_record(null::characters, $1::json)`, [
    JSON.stringify(row),
  ]);
  return row;
}
