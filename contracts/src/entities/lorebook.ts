import { z } from 'zod';
import { LOREBOOK_LIMITS as L, LOREBOOK_MESSAGES as M } from '../limits/lorebookLimits';
import { AssetUrlSchema, CountSchema, IdSchema } from './common';
import { TagSchema } from './tag';

/** A lorebook entry (document 2 §3): keyword-triggered content. */
export const LorebookEntrySchema = z.object({
  id: IdSchema,
  name: z.string().max(L.entryNameMax),
  keywords: z.array(z.string().max(L.keywordMax)).max(L.keywordsMax),
  content: z.string().max(L.entryContentMax),
  /**
   * ours: what a card's or a World Info file's entry carries that Fable has no field for (the V3 entry's
   * `extensions` and its other keys: position, depth, probability, group, sticky, cooldown, case_sensitive, use_regex,
   * constant, enabled, insertion_order, secondary_keys, …), kept for export and read by the lore engine. Entries made
   * in the form have none.
   */
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type LorebookEntry = z.infer<typeof LorebookEntrySchema>;

/** A lorebook (document 2 §3). Lists may leave entries out and give num_entries. */
export const LorebookSchema = z.object({
  id: IdSchema,
  name: z.string().max(L.nameMax),
  description: z.string().max(L.descriptionMax),
  avatar_url: AssetUrlSchema.nullable(),
  tags: z.array(TagSchema),
  entries: z.array(LorebookEntrySchema).max(L.entriesMax).optional(),
  creator_username: z.string(),
  num_entries: CountSchema,
});
export type Lorebook = z.infer<typeof LorebookSchema>;

const requiredText = (min: number, max: number, tooLong: string) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required, abort: true })
    .min(min, { error: M.tooShort, abort: true })
    .max(max, { error: tooLong });

/** Entry create/update payload (document 2 §5 "Lorebook entry"). */
export const LorebookEntryInputSchema = z.object({
  name: requiredText(L.entryNameMin, L.entryNameMax, M.entryNameTooLong),
  keywords: z
    .array(z.string().trim().min(1).max(L.keywordMax, { error: M.keywordTooLong }))
    .min(L.keywordsMin, { error: M.keywordsMin })
    .max(L.keywordsMax, { error: M.keywordsMax }),
  content: requiredText(L.entryContentMin, L.entryContentMax, M.entryContentTooLong),
  /** ours: kept from an imported entry (see LorebookEntrySchema.extensions). */
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type LorebookEntryInput = z.output<typeof LorebookEntryInputSchema>;

/** Lorebook update payload (document 2 §7: name, description, tags, avatar_url). */
export const LorebookUpdateSchema = z.object({
  name: requiredText(L.nameMin, L.nameMax, M.nameTooLong),
  description: requiredText(L.descriptionMin, L.descriptionMax, M.descriptionTooLong),
  tags: z.array(TagSchema).min(L.tagsMin, { error: M.tagsMin }).max(L.tagsMax),
  avatar_url: z.string({ error: M.required }).min(1, { error: M.required }),
});
export type LorebookUpdate = z.output<typeof LorebookUpdateSchema>;

/**
 * Lorebook create payload (document 2 §5, §7): the update fields plus at least 1 entry (at most 100) and the
 * guidelines agreement.
 */
export const LorebookCreateSchema = LorebookUpdateSchema.extend({
  entries: z.array(LorebookEntryInputSchema).min(L.entriesMin, { error: M.entriesMin }).max(L.entriesMax, { error: M.entriesMax }),
  guidelines: z.literal(true, { error: M.guidelinesRequired }),
});
export type LorebookCreate = z.output<typeof LorebookCreateSchema>;
