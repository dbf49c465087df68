import type { LorebookDetail, LorebookEntryInput, LorebookUpdate } from '@fable/contracts';

/** An entry in the create form: what the API takes, and a key for the list (not sent: the schema strips it). */
export type EntryValues = LorebookEntryInput & { key: string };

/** The lorebook form's values as the inputs hold them (LorebookCreateSchema's input; the edit form has no entries). */
export interface LorebookValues {
  name: string;
  description: string;
  avatar_url: string;
  tags: string[];
  entries: EntryValues[];
  guidelines: boolean;
}

export type LorebookFields = Pick<LorebookValues, 'name' | 'description' | 'avatar_url' | 'tags'>;

let keys = 0;
/** A key for a new entry of the create form's list. */
export const entryKey = () => `entry-${++keys}`;

export const emptyLorebook = (): LorebookValues => ({ name: '', description: '', avatar_url: '', tags: [], entries: [], guidelines: false });

/** The edit form's values of a saved lorebook. */
export const fieldsOf = (saved: LorebookDetail): LorebookFields => ({
  name: saved.name,
  description: saved.description,
  avatar_url: saved.avatar_url ?? '',
  tags: [...saved.tags],
});

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** What an edit changed, and only that (the update call takes the fields sent; document 1 §7's rule for chatbots too). */
export function changedFields(saved: LorebookFields, next: LorebookUpdate): Partial<LorebookUpdate> {
  const changes: Partial<LorebookUpdate> = {};
  if (next.name !== saved.name) changes.name = next.name;
  if (next.description !== saved.description) changes.description = next.description;
  if (next.avatar_url !== saved.avatar_url) changes.avatar_url = next.avatar_url;
  if (!sameTags(next.tags, saved.tags)) changes.tags = next.tags;
  return changes;
}

/** What an entry edit changed (the entry update takes the fields sent). */
export function changedEntry(saved: LorebookEntryInput, next: LorebookEntryInput): Partial<LorebookEntryInput> {
  const changes: Partial<LorebookEntryInput> = {};
  if (next.name !== saved.name) changes.name = next.name;
  if (!sameTags(next.keywords, saved.keywords)) changes.keywords = next.keywords;
  if (next.content !== saved.content) changes.content = next.content;
  return changes;
}
