import { LOREBOOK_LIMITS as L } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { isPlainObject } from '../cards/cardJson';
import { attach, attachedIds, attachedLorebooks, findChatbot, insertLorebook, storedLorebook, type LorebookOwner } from './lorebookRepository';
import { fitText, lorebookFromV3, lorebookToV3, readBook, type StoredLorebook } from './lorebookV3';

/**
 * A card's character book ↔ the chatbot's lorebooks (issue 13: "The character book becomes the chatbot's lorebook
 * when lorebooks exist"; issue 14: round-trip lossless inside exported cards).
 *
 * On a save (the authoring calls, in the save's transaction): card_extras holding `data.character_book` that can be a
 * lorebook (1 to 100 entries, each entry's kept fields within LOREBOOK_LIMITS.entryExtensionsMaxBytes, the chatbot
 * under LOREBOOK_LIMITS.perChatbotMax lorebooks) gives a lorebook of the chatbot's creator, attached to the chatbot,
 * and the book leaves card_extras. Imported books follow lenient rules (lorebookV3.ts); the lorebook's name is the
 * book's when it fits 3-25 characters, else the chatbot's; its description the book's, else "Lore of {name}"; its
 * tags and avatar the chatbot's. A book that cannot be a lorebook stays in card_extras as it came, never dropped.
 *
 * On a card export: the chatbot's lorebooks (oldest first) are written as its character book, the first one's name,
 * description and kept fields, every lorebook's entries in order; a book still in card_extras is written as it is.
 */

type Extras = Record<string, unknown>;

/** The chatbot as its save will store it. */
export interface SavedChatbot {
  name: string;
  avatar_url: string | null;
  tags: readonly string[];
}

export interface CharacterBookPlan {
  /** card_extras to store: without the character book when it becomes a lorebook. */
  extras: Extras;
  /** Creates the lorebook and attaches it (null when the book stays in card_extras, or there is none). */
  adopt: ((tx: Queryable, characterId: string) => Promise<void>) | null;
}

const bookOf = (extras: unknown): Extras | null => {
  const data = isPlainObject(extras) ? extras.data : undefined;
  return isPlainObject(data) && isPlainObject(data.character_book) ? data.character_book : null;
};

const withoutBook = (extras: Extras): Extras => {
  const { character_book: _book, ...data } = extras.data as Extras;
  return { ...extras, data };
};

/** The character book as the chatbot's lorebook, or null when it cannot be one. */
function bookAsLorebook(raw: Extras, chatbot: SavedChatbot): StoredLorebook | null {
  const { book } = readBook(raw);
  const name = fitText([book.name, chatbot.name], L.nameMin, L.nameMax, 'Character book');
  const description = fitText([book.description, `Lore of ${chatbot.name}`], L.descriptionMin, L.descriptionMax, 'Character book');
  const stored = lorebookFromV3(book, { name, description });
  if (stored.entries.length < L.entriesMin || stored.entries.length > L.entriesMax) return null;
  const fits = stored.entries.every((e) => Buffer.byteLength(JSON.stringify(e.extensions), 'utf8') <= L.entryExtensionsMaxBytes);
  return fits ? stored : null;
}

/**
 * Decides, inside the save's transaction and before it writes card_extras, whether the character book becomes a
 * lorebook. `characterId` is the chatbot being updated (its row is locked here, so its lorebooks are counted as an
 * attach would count them), null on create.
 */
export async function planCharacterBook(
  tx: Queryable,
  owner: LorebookOwner,
  extras: Extras,
  chatbot: SavedChatbot,
  characterId: string | null,
  now: Date,
): Promise<CharacterBookPlan> {
  const raw = bookOf(extras);
  if (!raw) return { extras, adopt: null };
  if (characterId) {
    await findChatbot(tx, characterId, true);
    if ((await attachedIds(tx, characterId)).length >= L.perChatbotMax) return { extras, adopt: null };
  }
  const stored = bookAsLorebook(raw, chatbot);
  if (!stored) return { extras, adopt: null };
  const fields = { name: stored.name, description: stored.description, tags: chatbot.tags.slice(0, L.tagsMax), avatar_url: chatbot.avatar_url, extensions: stored.extensions };
  return {
    extras: withoutBook(extras),
    adopt: async (adoptTx, id) => {
      const row = await insertLorebook(adoptTx, owner, fields, stored.entries, now);
      await attach(adoptTx, id, row.id);
    },
  };
}

/**
 * card_extras as a card export writes them: the chatbot's lorebooks as `data.character_book` (unless a book is
 * still kept there). For cardRoutes' cardExport: `extras = await cardExtrasWithLorebooks(db, row.id, extrasOf(row))`.
 */
export async function cardExtrasWithLorebooks<T extends { data: Extras }>(db: Queryable, characterId: string, extras: T): Promise<T> {
  if (bookOf(extras)) return extras;
  const rows = await attachedLorebooks(db, characterId);
  if (rows.length === 0) return extras;
  const books = [];
  for (const row of rows) books.push(lorebookToV3(await storedLorebook(db, row)));
  const [first, ...others] = books;
  const character_book = { ...first!, entries: [...first!.entries, ...others.flatMap((b) => b.entries)] };
  return { ...extras, data: { ...extras.data, character_book } };
}
