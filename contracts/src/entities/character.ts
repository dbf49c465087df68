import { z } from 'zod';
import { CHARACTER_LIMITS as L, CHARACTER_MESSAGES as M } from '../limits/characterLimits';
import { containsLink } from '../text/linkDetection';
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
 * dialogue. Lengths are checked against their maxima only: minima are a form rule (CharacterFormSchema).
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

/** A required text field of the character form: trimmed for the checks, with the form's messages. */
function requiredText(min: number, max: number, m: { required: string; short: string; long: string; link: string }) {
  return z
    .string({ error: m.required })
    .min(1, { error: m.required, abort: true })
    .refine((v) => v.trim().length >= min, { error: m.short, abort: true })
    .max(max, { error: m.long })
    .refine((v) => !containsLink(v), { error: m.link });
}

/**
 * An optional long text (scenario, dialogue): at least 3 after trimming, at most 4000, kept only if longer than
 * 1 char (document 1 §5). A value of 0 or 1 trimmed characters becomes undefined.
 */
function optionalLongText(min: number, max: number, short: string, long: string) {
  return z
    .string()
    .max(max, { error: long })
    .refine((v) => {
      const n = v.trim().length;
      return n <= L.optionalTextDropAtOrBelow || n >= min;
    }, { error: short })
    .nullish()
    .transform((v) => (v !== null && v !== undefined && v.trim().length > L.optionalTextDropAtOrBelow ? v : undefined));
}

/** The fields of the character create/edit form with their verbatim messages (document 1 §5). */
export const CharacterFormFieldsSchema = z.object({
  name: requiredText(L.nameMin, L.nameMax, { required: M.nameRequired, short: M.nameTooShort, long: M.nameTooLong, link: M.nameNoLink }),
  title: requiredText(L.titleMin, L.titleMax, { required: M.titleRequired, short: M.titleTooShort, long: M.titleTooLong, link: M.titleNoLink }),
  greeting: requiredText(L.greetingMin, L.greetingMax, {
    required: M.greetingRequired,
    short: M.greetingTooShort,
    long: M.greetingTooLong,
    link: M.greetingNoLink,
  }),
  persona: requiredText(L.personalityMin, L.personalityMax, {
    required: M.personalityRequired,
    short: M.personalityTooShort,
    long: M.personalityTooLong,
    link: M.personalityNoLink,
  }),
  scenario: optionalLongText(L.scenarioMin, L.scenarioMax, M.scenarioTooShort, M.scenarioTooLong),
  dialogue: optionalLongText(L.dialogueMin, L.dialogueMax, M.dialogueTooShort, M.dialogueTooLong),
  visibility: z.enum(CHARACTER_VISIBILITIES, { error: M.visibilityRequired }),
  definition_visible: z.boolean().default(false),
  avatar_url: z.string({ error: M.avatarRequired }).min(1, { error: M.avatarRequired }),
  avatar_is_nsfw: z.boolean().default(false),
  is_nsfw: z.boolean().default(false),
  tags: z.array(TagSchema).max(L.tagsMax, { error: M.tagLimitReached }).default([]),
  language: ChatLanguageSchema.optional(),
});

/** Rule across fields: public characters need at least 2 tags. */
function characterFormRules(value: { visibility?: CharacterVisibility | undefined; tags?: string[] | undefined }, ctx: z.RefinementCtx) {
  if (value.visibility === 'public' && value.tags !== undefined && value.tags.length < L.tagsMin) {
    ctx.addIssue({ code: 'custom', path: ['tags'], message: M.tagsMinRequired });
  }
}

/**
 * The character create form (document 1 §5). Tags: at least 2 for public characters ("public characters require
 * the minimum"). Visibility: "Private forces definition_visible false; definition_visible is editable only when
 * public": the output forces false for any non-public visibility. The guidelines box must be ticked on create.
 */
export const CharacterCreateSchema = CharacterFormFieldsSchema.extend({
  guidelines: z.literal(true, { error: M.guidelinesRequired }),
})
  .superRefine(characterFormRules)
  .transform((v) => ({ ...v, definition_visible: v.visibility === 'public' ? v.definition_visible : false }));
export type CharacterCreateInput = z.input<typeof CharacterCreateSchema>;
export type CharacterCreate = z.output<typeof CharacterCreateSchema>;

/** A character update: only changed fields plus an optional submitForManualReview (document 1 §7). */
export const CharacterUpdateSchema = CharacterFormFieldsSchema.partial()
  .extend({ submitForManualReview: z.boolean().optional() })
  .superRefine(characterFormRules);
export type CharacterUpdate = z.output<typeof CharacterUpdateSchema>;

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
