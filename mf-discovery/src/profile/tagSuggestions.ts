import { useCallback } from 'react';
import { CHARACTER_LIMITS, STEP_FAMILY_TAG, type TagSuggestionRecord } from '@fable/contracts';
import { useLocalStorage } from '@fable/shared';

/**
 * Tag suggestions (document 1 §3 "Tag suggestion record": event name, character_id, tags_to_add, tags_to_remove;
 * "pending suggestions saved locally per character"). They are sent as POST event once the API has that call; until
 * then a suggestion stays pending on this device.
 */
export const TAG_SUGGESTION_STORAGE_KEY = 'fable.tagSuggestions';
/** The event name is not shown in the spec; ours. */
export const TAG_SUGGESTION_EVENT = 'tag_suggestion';

export interface PendingTagSuggestion extends TagSuggestionRecord {
  saved_at: string;
}
type PendingTagSuggestions = Record<string, PendingTagSuggestion>;

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

const isTagList = (value: unknown): value is string[] => Array.isArray(value) && value.every((tag) => typeof tag === 'string');

/** Whether a stored value is a pending suggestion of this character (storage may hold anything). */
function isPending(value: unknown, characterId: string): value is PendingTagSuggestion {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<PendingTagSuggestion>;
  return record.character_id === characterId && isTagList(record.tags_to_add) && isTagList(record.tags_to_remove);
}

/** The pending suggestion of one character, with save and discard. */
export function usePendingTagSuggestion(characterId: string) {
  const [all, setAll] = useLocalStorage<PendingTagSuggestions>(TAG_SUGGESTION_STORAGE_KEY, {});
  const stored = all && typeof all === 'object' ? all[characterId] : undefined;
  const pending = isPending(stored, characterId) ? stored : null;

  const save = useCallback(
    (record: TagSuggestionRecord) =>
      setAll((previous) => ({ ...(previous ?? {}), [characterId]: { ...record, saved_at: new Date().toISOString() } })),
    [characterId, setAll],
  );
  const discard = useCallback(
    () =>
      setAll((previous) => {
        const next = { ...(previous ?? {}) };
        delete next[characterId];
        return next;
      }),
    [characterId, setAll],
  );
  return { pending, save, discard };
}
