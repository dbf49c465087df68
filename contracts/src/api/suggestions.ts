import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../entities/common';
import { TagSchema } from '../entities/tag';
import { CHARACTER_LIMITS as L, CHARACTER_MESSAGES as M } from '../limits/characterLimits';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * The suggestion calls of the chatbot form and the profile (document 1 §7 "POST characters/suggest_field (field,
 * fields_values (name, title, persona, greeting, scenario, dialogue); returns suggested_value)", "POST
 * characters/suggest_tags (returns suggested_tags (strings or label + confidence))", "POST event … tag suggestions
 * (character_id, tags_to_add, tags_to_remove; empty lists discard)"; §5 rules). Members with create_character for the
 * two suggest calls; any member for tag suggestions on a chatbot they can open.
 *
 * The tag suggestion event is ours as a resource, like the rating (PUT /characters/:characterId/rating): PUT
 * /characters/:characterId/tag-suggestion replaces the member's pending suggestion for the chatbot (both lists empty
 * discard it), GET answers it, so the profile shows it on every device (the API keeps it, not the device).
 */

/** The fields the form can ask a suggestion for, in the form's order. */
export const SUGGEST_FIELDS = ['name', 'title', 'persona', 'greeting', 'scenario', 'dialogue'] as const;
export const SuggestFieldNameSchema = z.enum(SUGGEST_FIELDS, { error: 'field must be one of name, title, persona, greeting, scenario, dialogue' });
export type SuggestFieldName = z.infer<typeof SuggestFieldNameSchema>;

/** The most characters each field's suggestion may have: the form's maxima (CHARACTER_LIMITS). */
export const SUGGEST_FIELD_MAX: Record<SuggestFieldName, number> = {
  name: L.nameMax,
  title: L.titleMax,
  persona: L.personalityMax,
  greeting: L.greetingMax,
  scenario: L.scenarioMax,
  dialogue: L.dialogueMax,
};

/**
 * Texts of the suggestion calls and of their toasts. The spec's: timedOut, sendFailed, discardFailed (document 1 §8
 * "Suggestion: …") and the tag panel's (CHARACTER_MESSAGES tagSuggestionKeepLimit, tagSuggestionEmpty); the others are
 * ours (the spec shows none).
 */
export const SUGGESTION_MESSAGES = {
  timedOut: 'Suggestion timed out. Please try again.',
  sendFailed: "Suggestions didn't sent !",
  discardFailed: 'Not able to discard the suggestions.',
  keepLimit: M.tagSuggestionKeepLimit,
  empty: M.tagSuggestionEmpty,
  /** ours: §5 "Suggest-field buttons need name and title each at least 3 trimmed characters". */
  nameTitleRequired: 'Enter a name and a title of at least 3 characters to get suggestions.',
  /** ours: §5 "Tag suggestions need name, title, greeting and persona non-empty". */
  tagFieldsRequired: 'Fill in the name, title, greeting and personality to get tag suggestions.',
  /** ours: §5 "Suggestion text is used only if it has letters after cleanup". */
  noLetters: 'No usable suggestion came back. Please try again.',
  /** ours: §4 "pending or rereview_required lock … suggestion buttons (shown Under Review)". */
  underReview: 'Suggestions are not available while this chatbot is under review.',
  /** ours: manual_review_required locks the chatbot as well. */
  underManualReview: 'Suggestions are not available while this chatbot is under manual review.',
  /** ours: the engine refused or broke. */
  failed: 'No suggestion could be made. Please try again.',
  /** ours: the engine answered 503 or 504. */
  busy: 'The suggestion service is busy. Please try again in a moment.',
  /** ours. */
  tagNotOffered: 'Only the application’s tags can be suggested: {tags}',
  /** ours. */
  tagAlreadyOnChatbot: 'Only tags the chatbot does not have can be suggested for adding: {tags}',
  /** ours. */
  tagNotOnChatbot: 'Only tags the chatbot has can be suggested for removal: {tags}',
  /** ours. */
  tagInBothLists: 'A tag cannot be both added and removed: {tags}',
} as const;

/** The error codes of the suggestion calls (ours). Under review reuses the authoring codes (characterErrors.ts). */
export const SUGGESTION_ERROR_CODES = {
  NO_LETTERS: 'suggestion_unusable',
  TIMED_OUT: 'suggestion_timed_out',
  FAILED: 'suggestion_failed',
  BUSY: 'suggestion_busy',
  TAG_NOT_OFFERED: 'tag_not_offered',
  TAG_ALREADY_ON_CHATBOT: 'tag_already_on_chatbot',
  TAG_NOT_ON_CHATBOT: 'tag_not_on_chatbot',
  TAG_IN_BOTH_LISTS: 'tag_in_both_lists',
} as const;

/** At least 3 trimmed characters (§5); the message names the rule of both fields. */
const namedText = (max: number, tooLong: string) =>
  z
    .string({ error: SUGGESTION_MESSAGES.nameTitleRequired })
    .max(max, { error: tooLong })
    .refine((v) => v.trim().length >= L.suggestFieldMinChars, { error: SUGGESTION_MESSAGES.nameTitleRequired });

const optionalText = (max: number, tooLong: string) => z.string().max(max, { error: tooLong }).nullish();

/** The form's values a suggestion is written from (document 1 §7 fields_values). */
export const SuggestFieldValuesSchema = z.object({
  name: namedText(L.nameMax, M.nameTooLong),
  title: namedText(L.titleMax, M.titleTooLong),
  persona: optionalText(L.personalityMax, M.personalityTooLong),
  greeting: optionalText(L.greetingMax, M.greetingTooLong),
  scenario: optionalText(L.scenarioMax, M.scenarioTooLong),
  dialogue: optionalText(L.dialogueMax, M.dialogueTooLong),
});
export type SuggestFieldValues = z.input<typeof SuggestFieldValuesSchema>;

/** An edited chatbot's id: one under review gets no suggestions (409). */
const EditedCharacterIdSchema = IdSchema.max(100).optional();

export const SuggestFieldBodySchema = z.object({
  field: SuggestFieldNameSchema,
  fields_values: SuggestFieldValuesSchema,
  character_id: EditedCharacterIdSchema,
});
export type SuggestFieldBody = z.input<typeof SuggestFieldBodySchema>;

/** The suggestion, cleaned (no surrounding quotes, markdown or links), within the field's maximum, with letters. */
export const SuggestFieldResultSchema = z.object({
  field: SuggestFieldNameSchema,
  suggested_value: z.string().min(1),
});
export type SuggestFieldResult = z.infer<typeof SuggestFieldResultSchema>;

const requiredForTags = (max: number, tooLong: string) =>
  z
    .string({ error: SUGGESTION_MESSAGES.tagFieldsRequired })
    .max(max, { error: tooLong })
    .refine((v) => v.trim().length > 0, { error: SUGGESTION_MESSAGES.tagFieldsRequired });

/** What tags are suggested from (document 1 §5: name, title, greeting and persona non-empty) and the tags chosen. */
export const SuggestTagsBodySchema = z.object({
  name: requiredForTags(L.nameMax, M.nameTooLong),
  title: requiredForTags(L.titleMax, M.titleTooLong),
  greeting: requiredForTags(L.greetingMax, M.greetingTooLong),
  persona: requiredForTags(L.personalityMax, M.personalityTooLong),
  scenario: optionalText(L.scenarioMax, M.scenarioTooLong),
  dialogue: optionalText(L.dialogueMax, M.dialogueTooLong),
  /** The tags already chosen: never suggested again. */
  tags: z.array(TagSchema).max(L.tagsMax, { error: M.tagLimitReached }).optional(),
  character_id: EditedCharacterIdSchema,
});
export type SuggestTagsBody = z.input<typeof SuggestTagsBodySchema>;

/** A suggested tag (one of the application's tag options) and how sure the suggestion is, 0 to 1. */
export const ScoredTagSchema = z.object({ label: TagSchema, confidence: z.number().min(0).max(1) });
export type ScoredTag = z.infer<typeof ScoredTagSchema>;

/** At most 5 (document 1 §5 "Suggested tags: at most 5 shown"), the surest first; none is already chosen. */
export const SuggestTagsResultSchema = z.object({
  suggested_tags: z.array(ScoredTagSchema).max(L.suggestedTagsMax),
});
export type SuggestTagsResult = z.infer<typeof SuggestTagsResultSchema>;

/** At most 12 ("You can keep only 12 tags !"); duplicates (ignoring case) dropped. */
const suggestedTagList = z
  .array(TagSchema)
  .max(L.tagsMax, { error: SUGGESTION_MESSAGES.keepLimit })
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A member's tag suggestion for a chatbot (document 1 §3 "Tag suggestion record"); both lists empty discard it. */
export const TagSuggestionBodySchema = z.object({
  tags_to_add: suggestedTagList,
  tags_to_remove: suggestedTagList,
});
export type TagSuggestionBody = z.input<typeof TagSuggestionBodySchema>;

/** The member's pending suggestion as stored: tags in the application's spelling, when it was sent. */
export const TagSuggestionSchema = z.object({
  character_id: IdSchema,
  tags_to_add: z.array(TagSchema),
  tags_to_remove: z.array(TagSchema),
  suggested_at: TimestampSchema,
});
export type TagSuggestion = z.infer<typeof TagSuggestionSchema>;

/** The pending suggestion, or null when there is none (never sent, or discarded). */
export const TagSuggestionAnswerSchema = z.object({ suggestion: TagSuggestionSchema.nullable() });
export type TagSuggestionAnswer = z.infer<typeof TagSuggestionAnswerSchema>;

export const suggestionCalls = {
  /** A suggestion for one field of the chatbot form, written by the default model from the other fields. */
  suggestField: defineCall({
    method: 'POST',
    path: '/characters/suggest_field',
    access: 'member',
    body: SuggestFieldBodySchema,
    response: SuggestFieldResultSchema,
  }),
  /** Up to 5 of the application's tags for the chatbot form, the chosen ones left out. */
  suggestTags: defineCall({
    method: 'POST',
    path: '/characters/suggest_tags',
    access: 'member',
    body: SuggestTagsBodySchema,
    response: SuggestTagsResultSchema,
  }),
  /** The member's pending tag suggestion for a chatbot they can open ({ suggestion: null } when none). */
  myTagSuggestion: defineCall({
    method: 'GET',
    path: '/characters/:characterId/tag-suggestion',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: TagSuggestionAnswerSchema,
  }),
  /** Sends (replaces) the member's tag suggestion; both lists empty discard it and answer { suggestion: null }. */
  sendTagSuggestion: defineCall({
    method: 'PUT',
    path: '/characters/:characterId/tag-suggestion',
    access: 'member',
    params: CharacterIdParamsSchema,
    body: TagSuggestionBodySchema,
    response: TagSuggestionAnswerSchema,
  }),
} as const;
