import { ERROR_CATALOGUE } from '@fable/contracts';
import { AppError } from '../../http/appError';
import { findingsOf, type ModerationSubject } from '../moderation/characterModeration';
import type { ContentClassifier, ModeratedField } from '../moderation/contentClassifier';

/**
 * The automatic content checks of a lorebook's texts, with the chatbot checks' classifier and policy
 * (modules/moderation: characterModeration.ts findingsOf, document 1 §8 codes), as group chats and personas have theirs.
 * A lorebook is read as a chatbot with no NSFW mark (it has none to set): sexualised minors are refused everywhere
 * (1213); explicit text anywhere in what is checked makes it sexual, so a minor or an age under 18 in it is refused
 * too (1215, 1214); explicit text is refused where the application allows no NSFW (1212, partner applications) and
 * allowed elsewhere (lore of an NSFW chatbot). Links are not refused: lore may cite its sources, and the chatbot's
 * link rules have no lorebook messages. Only the texts sent are read (an update checks what it changes).
 * The answer is 422 with the code, the catalogue's text and `details: { field, findings }`, `field` the path of the
 * text in the body (`name`, `description`, `tags`, `entries.3.content`, `book.entries.0.name`, `content`).
 */

/** One text to check: where it is in the body, the chatbot field the classifier reads it as, and the text. */
export interface LoreText {
  path: string;
  as: ModeratedField;
  text: string;
}

/** Checks a lorebook's texts before they are written; throws the refusal. */
export type LoreContentCheck = (texts: readonly LoreText[]) => Promise<void>;

interface EntryTexts {
  name?: string;
  keywords?: readonly string[];
  content?: string;
}

/** The texts of a lorebook's own fields that were sent (name, description, tags). */
export function bookTexts(fields: { name?: string; description?: string; tags?: readonly string[] }): LoreText[] {
  const texts: LoreText[] = [];
  if (fields.name) texts.push({ path: 'name', as: 'name', text: fields.name });
  if (fields.description) texts.push({ path: 'description', as: 'title', text: fields.description });
  if (fields.tags && fields.tags.length > 0) texts.push({ path: 'tags', as: 'tags', text: fields.tags.join(', ') });
  return texts;
}

/** The texts of an entry that were sent, its paths under `prefix` ('' for an entry call's body, 'entries.3.' in a book). */
export function entryTexts(entry: EntryTexts, prefix = ''): LoreText[] {
  const texts: LoreText[] = [];
  if (entry.name) texts.push({ path: `${prefix}name`, as: 'name', text: entry.name });
  if (entry.keywords && entry.keywords.length > 0) texts.push({ path: `${prefix}keywords`, as: 'tags', text: entry.keywords.join(', ') });
  // An entry's content describes the world as a chatbot's scenario does.
  if (entry.content) texts.push({ path: `${prefix}content`, as: 'scenario', text: entry.content });
  return texts;
}

/** A lorebook read as a chatbot by the policy: no NSFW mark (the texts are classified apart). */
const SUBJECT: ModerationSubject = { name: '', title: '', greeting: '', persona: '', scenario: null, dialogue: null, tags: [], is_nsfw: false, avatar_is_nsfw: false };

/** The check for one call: the classifier, and whether the caller's application allows NSFW content. */
export function lorebookContentCheck(classifier: ContentClassifier, nsfwAllowed: () => Promise<boolean>): LoreContentCheck {
  return async (texts) => {
    if (texts.length === 0) return;
    const signals = await classifier.classify(texts.map((t) => ({ field: t.as, text: t.text })));
    // The policy reports each finding's field from its signals: the text's index stands in for it, then its path.
    const indexed = signals.map((s, i) => ({ ...s, field: String(i) as ModeratedField }));
    const { findings } = findingsOf(SUBJECT, indexed, { nsfwAllowed: await nsfwAllowed() });
    if (findings.length === 0) return;
    const located = findings.map((f) => ({ ...f, field: texts[Number(f.field)]?.path ?? null }));
    const first = located[0]!;
    const entry = ERROR_CATALOGUE[first.code as keyof typeof ERROR_CATALOGUE];
    throw new AppError(entry.status, String(first.code), entry.message, { field: first.field, findings: located });
  };
}
