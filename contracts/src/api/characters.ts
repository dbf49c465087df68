import { z } from 'zod';
import { CharacterSchema, CharacterTypeSchema, CharacterVisibilitySchema } from '../entities/character';
import { CharacterInputSchema, CharacterUpdateInputSchema } from '../entities/characterInput';
import { CountSchema, IdSchema } from '../entities/common';
import { CHARACTER_LIMITS as L, CHARACTER_TOKENIZER } from '../limits/characterLimits';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Chatbot authoring calls (document 1 §7: "GET users/characters?switch=T1: my bots in data", "GET
 * users/characters?type=group", "DELETE characters/{id}", "Create/update character: form values with tags flattened;
 * update sends only changed fields plus optional submitForManualReview (paths not shown)"). Paths the spec does not
 * show are ours: POST /characters, PATCH /characters/:characterId, GET /users/characters/:characterId (the edit form),
 * POST /characters/token-count. Errors: characterErrors.ts.
 */

/**
 * A chatbot as its creator sees it (create, update and the edit form answer it): the whole definition, the
 * moderation report, and card_extras (what a card import kept, returned as stored).
 */
export const OwnCharacterSchema = CharacterSchema.extend({
  token_count: CountSchema,
  card_extras: z.record(z.string(), z.unknown()),
});
export type OwnCharacter = z.infer<typeof OwnCharacterSchema>;

/** One of My Chatbots: the card and what My Chatbots shows and sorts on (moderation, visibility, dates). */
export const MyCharacterSchema = CharacterSchema.pick({
  id: true,
  name: true,
  title: true,
  avatar_url: true,
  avatar_is_nsfw: true,
  is_nsfw: true,
  visibility: true,
  definition_visible: true,
  tags: true,
  creator_user_id: true,
  creator_username: true,
  language: true,
  num_messages: true,
  rating_score: true,
  token_count: true,
  createdAt: true,
  updatedAt: true,
  type: true,
  submitForManualReview: true,
  aicq_manual_review_required: true,
  moderationReport: true,
  /** Group chats (type=group): the members as their creator sees them, each with its moderation_status (document 2 §3, §4). */
  sub_characters: true,
});
export type MyCharacter = z.infer<typeof MyCharacterSchema>;

/**
 * GET /users/characters: `switch` is the client's list variant ("T1"; any value, ignored); `type=group` lists group
 * chats, otherwise chatbots.
 */
export const MyCharactersQuerySchema = z.object({
  switch: z.string().max(20).optional(),
  type: CharacterTypeSchema.optional(),
});
export type MyCharactersQuery = z.input<typeof MyCharactersQuerySchema>;

/** My bots "in data": fix_required first, then pending and rereview, then the rest; newest first within each. */
export const MyCharactersResultSchema = z.object({ data: z.array(MyCharacterSchema) });
export type MyCharactersResult = z.infer<typeof MyCharactersResultSchema>;

/** What the token counter counts (document 1 §5), with the visibility that sets the limit (private when absent). */
export const CharacterTokenCountBodySchema = z.object({
  greeting: z.string().max(L.greetingMax).nullish(),
  persona: z.string().max(L.personalityMax).nullish(),
  scenario: z.string().max(L.scenarioMax).nullish(),
  dialogue: z.string().max(L.dialogueMax).nullish(),
  visibility: CharacterVisibilitySchema.optional(),
});
export type CharacterTokenCountBody = z.input<typeof CharacterTokenCountBodySchema>;

export const CharacterTokenCountSchema = z.object({
  token_count: CountSchema,
  /** The hard limit for the visibility. */
  limit: CountSchema,
  /** The warning threshold (1600): above it, warn. */
  warning_at: CountSchema,
  warning: z.boolean(),
  over_limit: z.boolean(),
  tokenizer: z.literal(CHARACTER_TOKENIZER),
  /** Each counted field's tokens (absent and empty fields 0): the form shows where the tokens go. */
  fields: z.object({ greeting: CountSchema, persona: CountSchema, scenario: CountSchema, dialogue: CountSchema }),
});
export type CharacterTokenCount = z.infer<typeof CharacterTokenCountSchema>;

export const DeletedCharacterSchema = z.object({ ok: z.literal(true), id: IdSchema });

export const characterCalls = {
  /** My chatbots (or group chats with type=group): members only. */
  myCharacters: defineCall({
    method: 'GET',
    path: '/users/characters',
    access: 'member',
    query: MyCharactersQuerySchema,
    response: MyCharactersResultSchema,
  }),
  /** One of my chatbots for the edit form, with the whole definition: its creator only (others 403 not_owner). */
  myCharacter: defineCall({
    method: 'GET',
    path: '/users/characters/:characterId',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: OwnCharacterSchema,
  }),
  /** Create a chatbot: needs create_character (403 restricted) and a username. */
  createCharacter: defineCall({
    method: 'POST',
    path: '/characters',
    access: 'member',
    body: CharacterInputSchema,
    response: OwnCharacterSchema,
  }),
  /** Update a chatbot: only the changed fields; its creator only, with create_character. */
  updateCharacter: defineCall({
    method: 'PATCH',
    path: '/characters/:characterId',
    access: 'member',
    params: CharacterIdParamsSchema,
    body: CharacterUpdateInputSchema,
    response: OwnCharacterSchema,
  }),
  /** Delete a chatbot: its creator only, with delete_character ("Restricted!" without it). */
  deleteCharacter: defineCall({
    method: 'DELETE',
    path: '/characters/:characterId',
    access: 'member',
    params: CharacterIdParamsSchema,
    response: DeletedCharacterSchema,
  }),
  /** The token counter, counted with the chat's tokenizer (for clients that do not load one). */
  countTokens: defineCall({
    method: 'POST',
    path: '/characters/token-count',
    access: 'member',
    body: CharacterTokenCountBodySchema,
    response: CharacterTokenCountSchema,
  }),
} as const;
