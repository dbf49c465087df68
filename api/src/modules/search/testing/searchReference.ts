import { randomUUID } from 'node:crypto';
import { SEARCH_LIMITS, type FacetCount } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import { CHARACTER_COLUMNS, type CharacterRow } from '../../characters/characterRow';
import { characterRow, insertCharacterRow } from '../../characters/testing/characterRowFixture';
import { topFacets } from '../facetSnapshots';
import { MIN_TRIGRAM_QUERY_LENGTH, escapeLike, queryTokens, textQueries, type SearchRequest } from '../searchRequest';

/**
 * Tests' reference search: the straightforward reading of the spec over every row of `characters` (no search
 * documents, no indexes, no bitmaps), to compare the search module with.
 */

export interface ReferenceResult {
  found: number;
  ids: string[];
  tags: FacetCount[];
  translated_languages: FacetCount[];
}

/** document 1 §4: public, and not withdrawn by moderation. */
export const isListable = (c: CharacterRow) =>
  c.visibility === 'public' &&
  !c.aicq_manual_review_required &&
  c.moderation_status !== 'fix_required' &&
  c.moderation_status !== 'manual_review_required';

/** The database's order of text (code points: C and C.UTF-8 collations). */
export const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

type Comparator = (a: CharacterRow, b: CharacterRow) => number;
const desc = (f: (c: CharacterRow) => number | null): Comparator => (a, b) => {
  const x = f(a);
  const y = f(b);
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
};
const SORTS: Record<SearchRequest['sort'], Comparator> = {
  trending: desc((c) => c.num_messages_24h),
  top_rated: desc((c) => c.rating_score),
  popular: desc((c) => Number(c.num_messages)),
  latest: desc((c) => new Date(c.created_at).getTime()),
  name: (a, b) => byCodePoint(a.name, b.name),
};

/** Text matches and relevance scores computed by SQL over `characters` itself (tsvectors built on the fly). */
export interface TextMatches {
  ids: Set<string>;
  score: Map<string, number>;
}

export interface ReferenceText {
  words: TextMatches;
  /** Names similar to the query (3+ characters): used when the words find nothing. */
  fuzzy: TextMatches | null;
}

export async function referenceTextMatches(db: Queryable, request: SearchRequest): Promise<ReferenceText> {
  const queries = textQueries(queryTokens(request.text), request.chatLanguage);
  const tsv = `(setweight(to_tsvector('simple', c.name), 'A') || setweight(to_tsvector('simple', c.title), 'B'))`;
  const i18n = 'search_i18n_tsvector(c.name_i18n, c.title_i18n)';
  const params = [
    request.text,
    queries?.any ?? null,
    queries?.name ?? null,
    queries?.i18nAny ?? null,
    queries?.i18nName ?? null,
    `%${escapeLike(request.text)}%`,
    `${escapeLike(request.text)}%`,
    request.text.length >= MIN_TRIGRAM_QUERY_LENGTH,
  ];
  const words = await db.query<{ id: string; score: number }>(
    `select c.id,
       (case when lower(c.name) = $1 then 8 else 0 end)
       + (case when $3::tsquery is not null and ${tsv} @@ $3::tsquery then 4 else 0 end)
       + (case when $5::tsquery is not null and ${i18n} @@ $5::tsquery then 4 else 0 end)
       + (case when c.name ilike $7 then 2 else 0 end) as score
     from characters c
     where ($2::tsquery is not null and ${tsv} @@ $2::tsquery)
        or ($4::tsquery is not null and ${i18n} @@ $4::tsquery)
        or ($8 and c.name ilike $6)`,
    params,
  );
  const fuzzy =
    request.text.length >= MIN_TRIGRAM_QUERY_LENGTH
      ? await db.query<{ id: string; score: number }>(
          'select c.id, word_similarity($1, c.name) as score from characters c where word_similarity($1, c.name) >= 0.6',
          [request.text],
        )
      : null;
  const toMatches = (rows: Array<{ id: string; score: number }>): TextMatches => ({
    ids: new Set(rows.map((r) => r.id)),
    score: new Map(rows.map((r) => [r.id, Number(r.score)])),
  });
  return { words: toMatches(words.rows), fuzzy: fuzzy ? toMatches(fuzzy.rows) : null };
}

/** The search by hand; with text, the words' matches, or the fuzzy ones when the words find nothing. */
export function referenceSearch(all: readonly CharacterRow[], request: SearchRequest, text?: ReferenceText): ReferenceResult {
  const result = searchWith(all, request, text?.words);
  return result.found === 0 && text?.fuzzy ? searchWith(all, request, text.fuzzy) : result;
}

function searchWith(all: readonly CharacterRow[], request: SearchRequest, text?: TextMatches): ReferenceResult {
  const blocked = new Set(request.blockedCreatorIds);
  const hidden = new Set(request.hiddenCharacterIds);
  const matches = all.filter(
    (c) =>
      isListable(c) &&
      c.application_id === request.applicationId &&
      (request.nsfw || !c.is_nsfw) &&
      !blocked.has(c.creator_user_id) &&
      !hidden.has(c.id) &&
      request.includeTags.every((t) => c.tags.includes(t)) &&
      !request.excludeTags.some((t) => c.tags.includes(t)) &&
      (request.languages.length === 0 ||
        request.languages.some((l) => c.language === l || c.translated_languages.includes(l))) &&
      (request.creatorUsername === null || c.creator_username === request.creatorUsername) &&
      (request.creatorPrefix === null || c.creator_username.startsWith(request.creatorPrefix)) &&
      (request.text === '' || (text?.ids.has(c.id) ?? false)),
  );
  const ranked = request.sort === 'popular' && request.text !== '' && text !== undefined;
  const bySort = SORTS[request.sort];
  matches.sort((a, b) => {
    const byScore = ranked ? (text.score.get(b.id) ?? 0) - (text.score.get(a.id) ?? 0) : 0;
    return byScore || bySort(a, b) || byCodePoint(a.id, b.id);
  });
  const tags = new Map<string, number>();
  const translated = new Map<string, number>();
  for (const c of matches) {
    c.tags.forEach((t) => tags.set(t, (tags.get(t) ?? 0) + 1));
    c.translated_languages.forEach((l) => translated.set(l, (translated.get(l) ?? 0) + 1));
  }
  const offset = (request.page - 1) * SEARCH_LIMITS.hitsPerPage;
  return {
    found: matches.length,
    ids: matches.slice(offset, offset + SEARCH_LIMITS.hitsPerPage).map((c) => c.id),
    tags: topFacets(tags, SEARCH_LIMITS.maxFacetValues),
    translated_languages: topFacets(translated, SEARCH_LIMITS.maxFacetValues),
  };
}

let counter = 0;

/** Writes one character (every column; `fields` over test defaults) straight into `characters`. */
export async function insertCharacter(db: Queryable, fields: Partial<CharacterRow> = {}): Promise<CharacterRow> {
  counter += 1;
  const now = new Date('2026-06-01T12:00:00Z');
  const own = {
    creator_user_id: randomUUID(),
    creator_username: `maker${counter}`,
    name: `Fixture ${counter}`,
    title: `A fixture character ${counter}`,
    persona: 'Secret persona text.',
    scenario: null,
    greeting: 'Hello!',
    dialogue: null,
    avatar_url: null,
    token_count: 0,
    num_messages: 10,
    num_messages_24h: 1,
    created_at: now,
    updated_at: now,
  };
  return insertCharacterRow(db, characterRow(own, fields));
}

/** Every character, as the reference reads them. */
export async function allCharacters(db: Queryable): Promise<CharacterRow[]> {
  const { rows } = await db.query<CharacterRow>(`select ${CHARACTER_COLUMNS.join(', ')} from characters`);
  return rows;
}
