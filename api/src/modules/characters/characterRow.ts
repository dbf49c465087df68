import type {
  Character,
  CharacterSummary,
  CharacterVisibility,
  ChatLanguage,
  LoraStatus,
  ModerationReport,
  ModerationStatus,
} from '@fable/contracts';

/** A row of the characters table (migration 003), as both database drivers return it. */
export interface CharacterRow {
  id: string;
  application_id: string;
  creator_user_id: string;
  creator_username: string;
  name: string;
  title: string;
  description: string;
  persona: string;
  scenario: string | null;
  greeting: string;
  dialogue: string | null;
  tags: string[];
  language: ChatLanguage;
  name_i18n: Partial<Record<ChatLanguage, string>>;
  title_i18n: Partial<Record<ChatLanguage, string>>;
  translated_languages: ChatLanguage[];
  is_nsfw: boolean;
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  visibility: CharacterVisibility;
  definition_visible: boolean;
  guidelines: boolean;
  type: 'character' | 'group';
  sub_character_ids: string[];
  token_count: number;
  num_messages: number;
  num_messages_24h: number;
  rating_score: number | null;
  rating_count: number;
  num_favorites: number;
  lora_status: LoraStatus;
  moderation_status: ModerationStatus | null;
  reason_for_moderation: string[];
  action_taken_description: string | null;
  moderation_expires_at: Date | null;
  aicq_manual_review_required: boolean;
  submit_for_manual_review: boolean;
  reports_type: string[];
  created_at: Date;
  updated_at: Date;
}

/** The columns of CharacterRow in table order (inserts list them explicitly). */
export const CHARACTER_COLUMNS = [
  'id', 'application_id', 'creator_user_id', 'creator_username', 'name', 'title', 'description', 'persona', 'scenario',
  'greeting', 'dialogue', 'tags', 'language', 'name_i18n', 'title_i18n', 'translated_languages', 'is_nsfw', 'avatar_url',
  'avatar_is_nsfw', 'visibility', 'definition_visible', 'guidelines', 'type', 'sub_character_ids', 'token_count',
  'num_messages', 'num_messages_24h', 'rating_score', 'rating_count', 'num_favorites', 'lora_status', 'moderation_status',
  'reason_for_moderation', 'action_taken_description', 'moderation_expires_at', 'aicq_manual_review_required',
  'submit_for_manual_review', 'reports_type', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof CharacterRow>;

/** A timestamp column as the API writes it (the drivers give a Date, or a string where they do not parse it). */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The columns of a character's card that anyone may see: contracts' CharacterSummarySchema (a pick of
 * CharacterSchema) but the moderation report, which is the creator's business.
 */
export const CARD_COLUMNS = [
  'id', 'name', 'title', 'avatar_url', 'avatar_is_nsfw', 'is_nsfw', 'visibility', 'tags', 'creator_user_id', 'creator_username',
  'language', 'num_messages', 'num_messages_24h', 'rating_score', 'created_at', 'name_i18n', 'title_i18n', 'translated_languages',
  'type', 'aicq_manual_review_required',
] as const satisfies ReadonlyArray<keyof CharacterRow>;

export type CardRow = Pick<CharacterRow, (typeof CARD_COLUMNS)[number]>;

/** The API fields of the card columns: what a character (toCharacter) and its card (discovery's characterSummary.ts) share. */
export function cardFieldsOf(row: CardRow): Omit<CharacterSummary, 'recommId' | 'moderationReport'> {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    avatar_url: row.avatar_url,
    avatar_is_nsfw: row.avatar_is_nsfw,
    is_nsfw: row.is_nsfw,
    visibility: row.visibility,
    tags: row.tags,
    creator_user_id: row.creator_user_id,
    creator_username: row.creator_username,
    language: row.language,
    num_messages: Number(row.num_messages),
    num_messages_24h: row.num_messages_24h,
    rating_score: row.rating_score,
    createdAt: iso(row.created_at),
    name_i18n: row.name_i18n,
    title_i18n: row.title_i18n,
    translated_languages: row.translated_languages,
    type: row.type,
    aicq_manual_review_required: row.aicq_manual_review_required,
  };
}

/** The moderation columns of a row. */
export type ModerationColumns = Pick<
  CharacterRow,
  'moderation_status' | 'reason_for_moderation' | 'action_taken_description' | 'moderation_expires_at'
>;

/** The moderation columns as the API's `moderationReport`: null while the character has no moderation status. */
export function moderationReportOf(row: ModerationColumns): ModerationReport | null {
  return row.moderation_status === null
    ? null
    : {
        moderation_status: row.moderation_status,
        reason_for_moderation: row.reason_for_moderation,
        action_taken_description: row.action_taken_description,
        expires_at: row.moderation_expires_at ? iso(row.moderation_expires_at) : null,
      };
}

/**
 * The API shape of a character (contracts' CharacterSchema). Differences from the row: `application_ids` is the
 * one owning application; the moderation columns become `moderationReport`; `definition_visible` false hides the
 * definition from other users (the caller decides, this keeps every field).
 */
export function toCharacter(row: CharacterRow, lorebooks: Array<{ id: string; name: string }> = []): Character {
  return {
    ...cardFieldsOf(row),
    persona: row.persona,
    greeting: row.greeting,
    scenario: row.scenario,
    dialogue: row.dialogue,
    definition_visible: row.definition_visible,
    guidelines: row.guidelines,
    token_count: row.token_count,
    lora_status: row.lora_status,
    updatedAt: iso(row.updated_at),
    application_ids: [row.application_id],
    lorebooks,
    reportsType: row.reports_type,
    submitForManualReview: row.submit_for_manual_review,
    moderationReport: moderationReportOf(row),
  };
}
