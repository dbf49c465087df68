import { useCallback } from 'react';
import { CHARACTER_LIMITS, STEP_FAMILY_TAG, type TagSuggestion, type TagSuggestionRecord } from '@fable/contracts';
import { useDiscovery_putTagSuggestionMutation, useDiscovery_tagSuggestionQuery } from './profileApi';

/**
 * Tag suggestions (document 1 §3 "Tag suggestion record": event name, character_id, tags_to_add, tags_to_remove).
 * The spec keeps pending ones on the device; issue 13 sends them to the API, which keeps one per member and chatbot.
 */
/** The event name is not shown in the spec; ours. */
export const TAG_SUGGESTION_EVENT = 'tag_suggestion';

/** A suggestion the API keeps (contracts' TagSuggestion). */
export type PendingTagSuggestion = TagSuggestion;

/** The tags a bot would have after the suggestion. */
export function tagsAfter(currentTags: readonly string[], removed: readonly string[], added: readonly string[]): string[] {
  const kept = currentTags.filter((tag) => !removed.includes(tag));
  return [...kept, ...added.filter((tag) => !kept.includes(tag))];
}

/** Whether the suggestion keeps more tags than a bot may have ("You can keep only 12 tags !"). */
export function keepsTooMany(currentTags: readonly string[], removed: readonly string[], added: readonly string[]): boolean {
  return tagsAfter(currentTags, removed, added).length > CHARACTER_LIMITS.tagsMax;
}

/** The Step-Family tag is retained when present (document 1 §5): it cannot be suggested away. */
export function removable(tag: string): boolean {
  return tag !== STEP_FAMILY_TAG;
}

/** The record of a suggestion, or null when it changes nothing ("Please select something !"). */
export function suggestionRecord(
  characterId: string,
  currentTags: readonly string[],
  removed: readonly string[],
  added: readonly string[],
): TagSuggestionRecord | null {
  const tagsToRemove = currentTags.filter((tag) => removed.includes(tag) && removable(tag));
  const tagsToAdd = added.filter((tag, i) => !currentTags.includes(tag) && added.indexOf(tag) === i);
  if (tagsToRemove.length === 0 && tagsToAdd.length === 0) return null;
  return { event_name: TAG_SUGGESTION_EVENT, character_id: characterId, tags_to_add: tagsToAdd, tags_to_remove: tagsToRemove };
}

/**
 * The member's pending suggestion for one chatbot, kept by the API (GET/PUT /characters/:id/tag-suggestion), so it
 * follows them to any device; save and discard resolve true once the API has it. Guests suggest nothing.
 */
export function useTagSuggestion(characterId: string, member: boolean) {
  const { data } = useDiscovery_tagSuggestionQuery(characterId, { skip: !member });
  const [put] = useDiscovery_putTagSuggestionMutation();
  const pending: PendingTagSuggestion | null = data?.suggestion ?? null;
  const save = useCallback(
    async (record: TagSuggestionRecord) =>
      !('error' in (await put({ characterId, body: { tags_to_add: record.tags_to_add, tags_to_remove: record.tags_to_remove } }))),
    [characterId, put],
  );
  const discard = useCallback(async () => !('error' in (await put({ characterId, body: { tags_to_add: [], tags_to_remove: [] } }))), [characterId, put]);
  return { pending, save, discard };
}
