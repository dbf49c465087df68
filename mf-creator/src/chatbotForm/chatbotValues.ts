import type { CharacterUpdateInput, CharacterVisibility, ModerationStatus, OwnCharacter } from '@fable/contracts';

/** The chatbot form's values: the creatable fields of document 1 §3 as the inputs hold them. */
export interface ChatbotValues {
  name: string;
  title: string;
  greeting: string;
  persona: string;
  scenario: string;
  dialogue: string;
  /** '' until the creator picks one ("Visibility Is Required"). */
  visibility: CharacterVisibility | '';
  definition_visible: boolean;
  avatar_url: string;
  /** The avatar picture is adult content (the API marks generated and uploaded pictures). */
  avatar_is_nsfw: boolean;
  is_nsfw: boolean;
  tags: string[];
  guidelines: boolean;
}

export const emptyChatbot = (): ChatbotValues => ({
  name: '',
  title: '',
  greeting: '',
  persona: '',
  scenario: '',
  dialogue: '',
  visibility: '',
  definition_visible: false,
  avatar_url: '',
  avatar_is_nsfw: false,
  is_nsfw: false,
  tags: [],
  guidelines: false,
});

/** The text fields and tags a saved chatbot and an imported card both carry. */
type CharacterFields = Pick<OwnCharacter, 'name' | 'title' | 'greeting' | 'persona' | 'tags'> & { scenario?: string | null; dialogue?: string | null };

/** The form's values from a chatbot's fields; the rest (avatar, visibility, boxes) from `rest` or empty. */
export function valuesFrom(fields: CharacterFields, rest: Partial<ChatbotValues> = {}): ChatbotValues {
  return {
    ...emptyChatbot(),
    name: fields.name,
    title: fields.title,
    greeting: fields.greeting,
    persona: fields.persona,
    scenario: fields.scenario ?? '',
    dialogue: fields.dialogue ?? '',
    tags: [...fields.tags],
    ...rest,
  };
}

/** A saved chatbot as the editor's values (its guidelines were agreed to when it was created). */
export function valuesOf(character: OwnCharacter): ChatbotValues {
  return valuesFrom(character, {
    visibility: character.visibility,
    definition_visible: character.definition_visible,
    avatar_url: character.avatar_url ?? '',
    avatar_is_nsfw: character.avatar_is_nsfw,
    is_nsfw: character.is_nsfw,
    guidelines: true,
  });
}

const FIELDS = ['name', 'title', 'greeting', 'persona', 'scenario', 'dialogue', 'visibility', 'definition_visible', 'avatar_url', 'avatar_is_nsfw', 'is_nsfw'] as const;

/**
 * What an update sends: only the fields that differ from the saved chatbot (document 1 §7 "update sends only changed
 * fields"); tags as a whole when any changed. An emptied scenario or dialogue is sent as null (it clears the field).
 */
export function changedFields(saved: ChatbotValues, next: ChatbotValues): CharacterUpdateInput {
  const changes: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (saved[field] === next[field]) continue;
    changes[field] = (field === 'scenario' || field === 'dialogue') && next[field].trim() === '' ? null : next[field];
  }
  if (saved.tags.length !== next.tags.length || saved.tags.some((tag, i) => tag !== next.tags[i])) changes.tags = next.tags;
  return changes as CharacterUpdateInput;
}

/**
 * Whether saving asks "Submit for Review" first (document 1 §4): when the chatbot becomes public, or when it is being
 * fixed (fix_required). The server decides whether a manual review is asked for (submitForManualReview).
 */
export function asksForReview(saved: { visibility: CharacterVisibility; status: ModerationStatus | null } | null, next: ChatbotValues): 'publish' | 'fix' | null {
  if (saved?.status === 'fix_required') return 'fix';
  if (next.visibility === 'public' && saved?.visibility !== 'public') return 'publish';
  return null;
}

/** Today as dd/mm/yyyy: a draft's title when it has none (document 1 §3 "Draft"). */
export function todayTitle(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
}
