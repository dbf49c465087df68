import { z } from 'zod';
import { IdSchema } from '../entities/common';
import {
  LorebookCreateSchema,
  LorebookEntryInputSchema,
  LorebookEntrySchema,
  LorebookSchema,
  LorebookUpdateSchema,
} from '../entities/lorebook';
import { defineCall } from './apiCall';
import { CharacterIdParamsSchema } from './discovery';

/**
 * Lorebook calls (document 2 §7 "Lorebook calls (paths not shown): list; get by id; create (name, description,
 * entries, tags, avatar_url); update (name, description, tags, avatar_url); delete; create/update/delete entry (name,
 * keywords, content)"). The paths are ours, as are attach/detach (the chatbot form attaches lorebooks; document 1 §3
 * Character.lorebooks), the lorebook_v3 export and the test view of the lore engine.
 *
 * Who may do what (ours, document 2 §6 "lorebook pages need a signed-in user id"): anyone may read a lorebook of their
 * application (the detail page has Share); members with create_character create; only its creator changes, deletes,
 * tests or exports it (another member, admins included: 403 not_owner; unknown or another application's: 404). A
 * chatbot's creator attaches their own lorebooks only (a lorebook's entries are its creator's writing: no one
 * else's lorebook is put into a prompt without them knowing, and a later edit by its creator could not change
 * someone else's chatbot), at most LOREBOOK_LIMITS.perChatbotMax per chatbot. Errors: LOREBOOK_ERRORS.
 */

export const LorebookIdParamsSchema = z.object({ lorebookId: IdSchema });
export const LorebookEntryParamsSchema = z.object({ lorebookId: IdSchema, entryId: IdSchema });
export const CharacterLorebookParamsSchema = CharacterIdParamsSchema.extend({ lorebookId: IdSchema });

/**
 * The lorebook export's formats: `lorebook_v3` (the character card V3 specification's standalone lorebook, the
 * default) and `world_info` (SillyTavern's World Info file, the only lorebook file SillyTavern's World Info import
 * accepts).
 */
export const LOREBOOK_EXPORT_FORMATS = ['lorebook_v3', 'world_info'] as const;
export type LorebookExportFormat = (typeof LOREBOOK_EXPORT_FORMATS)[number];
export const LorebookExportQuerySchema = z.object({
  format: z.enum(LOREBOOK_EXPORT_FORMATS, { error: `format must be one of ${LOREBOOK_EXPORT_FORMATS.join(', ')}` }).default('lorebook_v3'),
});

/** A lorebook in a list (My Chatbots' Lorebooks tab): everything but the entries, with num_entries. */
export const LorebookSummarySchema = LorebookSchema.omit({ entries: true });
export type LorebookSummary = z.infer<typeof LorebookSummarySchema>;

/** A lorebook with its entries (the detail page, the edit form, create and update answers). */
export const LorebookDetailSchema = LorebookSchema.extend({ entries: z.array(LorebookEntrySchema) });
export type LorebookDetail = z.infer<typeof LorebookDetailSchema>;

/**
 * An imported lorebook made a lorebook in one call: the form's fields (name, description, tags, avatar, the
 * guidelines agreement, under the form's rules) and `book`, the V3 lorebook the card import answered (cardCalls
 * importCard, kind 'lorebook': a `lorebook_v3` file or SillyTavern World Info). The entries follow the lenient rules of
 * imported books (the API's lorebooks README): what does not fit the form's rules is fitted (a name made from the
 * comment or first keyword, content cut to 1000, at most 12 keywords of 100; fewer than 2 keywords kept) and what
 * was there before kept in the entry's extensions, so that the export writes back the file as it came.
 */
export const LorebookImportSchema = LorebookCreateSchema.omit({ entries: true }).extend({
  book: z.record(z.string(), z.unknown()),
});
export type LorebookImport = z.output<typeof LorebookImportSchema>;

/** The created lorebook and what the creator should know about the import (entries fitted, fields left out). */
export const LorebookImportResultSchema = LorebookDetailSchema.extend({ warnings: z.array(z.string()) });
export type LorebookImportResult = z.infer<typeof LorebookImportResultSchema>;

/** The test view of the lore engine: which entries the given messages would put into a prompt, and which not. */
export const LorebookTestBodySchema = z.object({
  /** The recent messages, oldest first, as the chat scans them. */
  messages: z.array(z.string().max(20_000)).min(1).max(200),
  /** The lore budget in tokens; the default is the budget of the member's tier. */
  budget_tokens: z.number().int().min(1).max(100_000).optional(),
});
export type LorebookTestBody = z.infer<typeof LorebookTestBodySchema>;

export const LORE_LEFT_OUT_REASONS = ['budget', 'probability', 'cooldown', 'depth', 'disabled'] as const;
export const LorebookTestResultSchema = z.object({
  budget_tokens: z.number().int(),
  used_tokens: z.number().int(),
  /** In the order they go into the prompt; `step` 0 is a keyword in the messages, n > 0 recursion from other entries. */
  activated: z.array(z.object({ entry_id: IdSchema, name: z.string(), tokens: z.number().int(), step: z.number().int(), matched: z.string() })),
  left_out: z.array(z.object({ entry_id: IdSchema, name: z.string(), tokens: z.number().int(), reason: z.enum(LORE_LEFT_OUT_REASONS) })),
});
export type LorebookTestResult = z.infer<typeof LorebookTestResultSchema>;

const ok = z.object({ ok: z.literal(true) });

export const lorebookCalls = {
  /** My lorebooks, newest first (the Lorebooks tab of My Chatbots). */
  myLorebooks: defineCall({
    method: 'GET',
    path: '/users/lorebooks',
    access: 'member',
    response: z.object({ lorebooks: z.array(LorebookSummarySchema) }),
  }),
  /** A lorebook of the caller's application with its entries (the detail page; anyone). */
  lorebook: defineCall({ method: 'GET', path: '/lorebooks/:lorebookId', access: 'guest', params: LorebookIdParamsSchema, response: LorebookDetailSchema }),
  createLorebook: defineCall({ method: 'POST', path: '/lorebooks', access: 'member', body: LorebookCreateSchema, response: LorebookDetailSchema }),
  /** An imported `lorebook_v3` / World Info book made a lorebook (see LorebookImportSchema). */
  importLorebook: defineCall({
    method: 'POST',
    path: '/lorebooks/import',
    access: 'member',
    body: LorebookImportSchema,
    response: LorebookImportResultSchema,
  }),
  /** Name, description, tags, avatar: only the fields sent. */
  updateLorebook: defineCall({
    method: 'PATCH',
    path: '/lorebooks/:lorebookId',
    access: 'member',
    params: LorebookIdParamsSchema,
    body: LorebookUpdateSchema.partial(),
    response: LorebookDetailSchema,
  }),
  deleteLorebook: defineCall({ method: 'DELETE', path: '/lorebooks/:lorebookId', access: 'member', params: LorebookIdParamsSchema, response: ok }),
  createLorebookEntry: defineCall({
    method: 'POST',
    path: '/lorebooks/:lorebookId/entries',
    access: 'member',
    params: LorebookIdParamsSchema,
    body: LorebookEntryInputSchema,
    response: LorebookEntrySchema,
  }),
  updateLorebookEntry: defineCall({
    method: 'PATCH',
    path: '/lorebooks/:lorebookId/entries/:entryId',
    access: 'member',
    params: LorebookEntryParamsSchema,
    body: LorebookEntryInputSchema.partial(),
    response: LorebookEntrySchema,
  }),
  /** Never the last entry (a lorebook holds at least 1). */
  deleteLorebookEntry: defineCall({
    method: 'DELETE',
    path: '/lorebooks/:lorebookId/entries/:entryId',
    access: 'member',
    params: LorebookEntryParamsSchema,
    response: ok,
  }),
  /** Attach one of the caller's lorebooks to one of their chatbots (idempotent). */
  attachLorebook: defineCall({
    method: 'PUT',
    path: '/characters/:characterId/lorebooks/:lorebookId',
    access: 'member',
    params: CharacterLorebookParamsSchema,
    response: ok,
  }),
  detachLorebook: defineCall({
    method: 'DELETE',
    path: '/characters/:characterId/lorebooks/:lorebookId',
    access: 'member',
    params: CharacterLorebookParamsSchema,
    response: ok,
  }),
  /**
   * The lorebook as a JSON file: `lorebook_v3` (character card V3 specification; entries with their extensions) or,
   * with `?format=world_info`, a SillyTavern World Info file (a World Info file imported goes back as it came).
   */
  exportLorebook: defineCall({
    method: 'GET',
    path: '/lorebooks/:lorebookId/export',
    access: 'member',
    params: LorebookIdParamsSchema,
    query: LorebookExportQuerySchema,
  }),
  /** The test view: what the engine would activate for these messages (its creator only). */
  testLorebook: defineCall({
    method: 'POST',
    path: '/lorebooks/:lorebookId/test',
    access: 'member',
    params: LorebookIdParamsSchema,
    body: LorebookTestBodySchema,
    response: LorebookTestResultSchema,
  }),
} as const;
