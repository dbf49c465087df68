import { z } from 'zod';
import { CHARACTER_LIMITS as L } from '../limits/characterLimits';
import { AssetUrlSchema, CountSchema, IdSchema, TimestampSchema } from './common';
import { ChatLanguageSchema, I18nTextSchema } from './language';
import { LenientModerationStatusSchema, ModerationReportSchema } from './moderation';
import { TagSchema } from './tag';

/** Character visibility (document 1 §3); hidden is shown as Unlisted. permanently_private cannot be changed. */
export const CHARACTER_VISIBILITIES = ['private', 'permanently_private', 'hidden', 'public'] as const;
export const CharacterVisibilitySchema = z.enum(CHARACTER_VISIBILITIES);
export type CharacterVisibility = z.infer<typeof CharacterVisibilitySchema>;

export const CHARACTER_VISIBILITY_LABELS = {
  private: 'Private',
  permanently_private: 'Private',
  hidden: 'Unlisted',
  public: 'Public',
} as const satisfies Record<CharacterVisibility, string>;

/**
 * LoRA status (document 1 §3: "pending, ready, other; ready means images can be generated"). The spec does not
 * name the other values; ours are none (never trained) and failed.
 */
export const LORA_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export const LoraStatusSchema = z.enum(LORA_STATUSES);
export type LoraStatus = z.infer<typeof LoraStatusSchema>;

/** Meta type of a character (document 1 §3 "type (meta type)"; GET users/characters?type=group). Values are ours. */
export const CHARACTER_TYPES = ['character', 'group'] as const;
export const CharacterTypeSchema = z.enum(CHARACTER_TYPES);
export type CharacterType = z.infer<typeof CharacterTypeSchema>;

/** A lorebook attached to a character (id, name). */
export const CharacterLorebookRefSchema = z.object({ id: IdSchema, name: z.string() });

/** A sub-character of a group chat (id, name, avatar_url; moderation_status from document 2 §3). */
export const SubCharacterSchema = z.object({
  id: IdSchema,
  name: z.string(),
  avatar_url: AssetUrlSchema.nullish(),
  moderation_status: LenientModerationStatusSchema.optional(),
});
export type SubCharacter = z.infer<typeof SubCharacterSchema>;

/**
 * Character (chatbot) as the API returns it (document 1 §3). `persona` is the personality and `dialogue` the example
 * dialogue. Lengths are checked against their maxima only: minima are a form rule (CharacterInputSchema, characterInput.ts).
 * `character_id` repeats the id where a source names it so (search hits).
 */
export const CharacterSchema = z.object({
  id: IdSchema,
  character_id: IdSchema.optional(),
  name: z.string().max(L.nameMax),
  title: z.string().max(L.titleMax),
  persona: z.string().max(L.personalityMax),
  greeting: z.string().max(L.greetingMax),
  scenario: z.string().max(L.scenarioMax).nullish(),
  dialogue: z.string().max(L.dialogueMax).nullish(),
  avatar_url: AssetUrlSchema.nullable(),
  avatar_is_nsfw: z.boolean().default(false),
  is_nsfw: z.boolean().default(false),
  visibility: CharacterVisibilitySchema,
  definition_visible: z.boolean(),
  /** The creator's agreement to the community guidelines. */
  guidelines: z.boolean().optional(),
  tags: z.array(TagSchema).max(L.tagsMax),
  creator_user_id: IdSchema,
  creator_username: z.string(),
  language: ChatLanguageSchema.optional(),
  num_messages: CountSchema.default(0),
  /** Messages in the last 24 hours, the Trending sort. */
  num_messages_24h: CountSchema.optional(),
  token_count: CountSchema.optional(),
  /** 0 to 1; shown as a percent. */
  rating_score: z.number().min(0).max(1).nullish(),
  lora_status: LoraStatusSchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema.optional(),
  /** Set when the character came from the recommender. */
  recommId: z.string().optional(),
  name_i18n: I18nTextSchema.optional(),
  title_i18n: I18nTextSchema.optional(),
  translated_languages: z.array(ChatLanguageSchema).optional(),
  application_ids: z.array(z.string()).optional(),
  lorebooks: z.array(CharacterLorebookRefSchema).optional(),
  sub_characters: z.array(SubCharacterSchema).optional(),
  type: CharacterTypeSchema.optional(),
  /** Who reported it ("may include User"); values beyond User are not shown. */
  reportsType: z.array(z.string()).optional(),
  submitForManualReview: z.boolean().optional(),
  aicq_manual_review_required: z.boolean().optional(),
  moderationReport: ModerationReportSchema.nullish(),
});
export type Character = z.infer<typeof CharacterSchema>;

/**
 * A locally stored draft (document 1 §3 "Draft"): form values as typed (unvalidated) plus id, creator and
 * moderationReport. The title defaults to today's date (dd/mm/yyyy) when empty.
 */
export const CharacterDraftSchema = z.object({
  id: IdSchema,
  creator_username: z.string().optional(),
  creator_user_id: IdSchema.optional(),
  moderationReport: ModerationReportSchema.nullish(),
  name: z.string().default(''),
  title: z.string().default(''),
  greeting: z.string().default(''),
  persona: z.string().default(''),
  scenario: z.string().default(''),
  dialogue: z.string().default(''),
  visibility: CharacterVisibilitySchema.optional(),
  definition_visible: z.boolean().default(false),
  avatar_url: z.string().optional(),
  avatar_is_nsfw: z.boolean().default(false),
  is_nsfw: z.boolean().default(false),
  tags: z.array(z.string()).default([]),
  guidelines: z.boolean().default(false),
  updatedAt: TimestampSchema.optional(),
});
export type CharacterDraft = z.infer<typeof CharacterDraftSchema>;

/** Default draft title: today's date as dd/mm/yyyy. */
export function defaultDraftTitle(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

/** A creator blocked by the user (document 1 §3 "Blocked creator"). */
export const BlockedCreatorSchema = z.object({ id: IdSchema, username: z.string() });
export type BlockedCreator = z.infer<typeof BlockedCreatorSchema>;

/**
 * A character card for import (document 1 §3): JSON, or base64 JSON in a PNG text field named chara. Import maps
 * name/char_name, title or personality (cut to 100), greeting, description, example dialogue and scenario. The
 * other keys are the usual card keys (first_mes, mes_example); unknown keys are kept.
 */
export const CharacterCardSchema = z.looseObject({
  name: z.string().optional(),
  char_name: z.string().optional(),
  title: z.string().optional(),
  personality: z.string().optional(),
  greeting: z.string().optional(),
  first_mes: z.string().optional(),
  description: z.string().optional(),
  example_dialogue: z.string().optional(),
  mes_example: z.string().optional(),
  scenario: z.string().optional(),
});
export type CharacterCard = z.infer<typeof CharacterCardSchema>;
