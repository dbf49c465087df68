import { z } from 'zod';
import { IdSchema } from './common';

/** A tag name (document 1 §3 "tags"). The max length is not shown; ours is 50. */
export const TagSchema = z.string().trim().min(1).max(50);
export type Tag = z.infer<typeof TagSchema>;

/** An entry of the app settings' tagOptions (document 1 §3); its shape is not shown, ours is value + label. */
export const TagOptionSchema = z.object({
  value: TagSchema,
  label: z.string().min(1),
  /** ours: whether the tag is adult-only, for the SFW listing. */
  is_nsfw: z.boolean().optional(),
});
export type TagOption = z.infer<typeof TagOptionSchema>;

/** POST characters/suggest_tags answer item: strings or label + confidence (document 1 §7). */
export const SuggestedTagSchema = z.union([TagSchema, z.object({ label: TagSchema, confidence: z.number().min(0).max(1) })]);
export type SuggestedTag = z.infer<typeof SuggestedTagSchema>;

/** Tag suggestion record (document 1 §3): sent as an event; empty lists discard the suggestion. */
export const TagSuggestionRecordSchema = z.object({
  event_name: z.string().min(1),
  character_id: IdSchema,
  tags_to_add: z.array(TagSchema),
  tags_to_remove: z.array(TagSchema),
});
export type TagSuggestionRecord = z.infer<typeof TagSuggestionRecordSchema>;

/** A negative keyword of the app settings, each with alternatives (document 1 §3, §5). */
export const NegativeKeywordSchema = z.object({
  keyword: z.string().min(1),
  alternatives: z.array(z.string().min(1)),
});
export type NegativeKeyword = z.infer<typeof NegativeKeywordSchema>;
