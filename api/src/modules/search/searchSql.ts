import { SEARCH_LIMITS, type ListingSort } from '@fable/contracts';
import type { SqlParam } from '../../infra/db/database';
import {
  MIN_TRIGRAM_QUERY_LENGTH,
  escapeLike,
  queryTokens,
  textQueries,
  type SearchRequest,
} from './searchRequest';

/**
 * The SQL of a search, over `search_documents` (migration 004: one narrow row per listable character, kept in step
 * with `characters` by triggers). Pure: statements with $n parameters, no database.
 */

/** Collects parameters and hands out their $n placeholders. */
export class Params {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Statement {
  sql: string;
  params: SqlParam[];
}

/** The five sorts (document 1 §7: num_messages_24h desc, rating_score desc, default, createdAt desc, name asc). */
export const SORT_ORDER: Record<ListingSort, string> = {
  trending: 'd.num_messages_24h desc, d.id',
  top_rated: 'd.rating_score desc nulls last, d.id',
  popular: 'd.num_messages desc, d.id',
  latest: 'd.created_at desc, d.id',
  name: 'd.name, d.id',
};

/** The document columns a sort reads (besides id). */
const SORT_COLUMNS: Record<ListingSort, string> = {
  trending: 'd.num_messages_24h',
  top_rated: 'd.rating_score',
  popular: 'd.num_messages',
  latest: 'd.created_at',
  name: 'd.name',
};

export const offsetOf = (page: number) => (page - 1) * SEARCH_LIMITS.hitsPerPage;

/**
 * The filters every search applies, whatever its text: the application (documents are listable characters only),
 * NSFW, blocked creators, tags, languages and creators.
 */
export function filterConditions(request: SearchRequest, params: Params, options: { creators?: boolean } = {}): string[] {
  const where = [`d.application_id = ${params.add(request.applicationId)}`];
  if (!request.nsfw) where.push('not d.is_nsfw');
  if (request.blockedCreatorIds.length > 0) {
    where.push(`d.creator_user_id <> all(${params.add(request.blockedCreatorIds)}::text[])`);
  }
  if (request.hiddenCharacterIds.length > 0) where.push(`d.id <> all(${params.add(request.hiddenCharacterIds)}::text[])`);
  if (request.includeTags.length > 0) where.push(`d.tags @> ${params.add(request.includeTags)}::text[]`);
  if (request.excludeTags.length > 0) where.push(`not (d.tags && ${params.add(request.excludeTags)}::text[])`);
  if (request.languages.length > 0) where.push(`d.languages && ${params.add(request.languages)}::text[]`);
  if (options.creators !== false) {
    if (request.creatorUsername !== null) where.push(`d.creator_username = ${params.add(request.creatorUsername)}`);
    if (request.creatorPrefix !== null) {
      where.push(`d.creator_username like ${params.add(`${escapeLike(request.creatorPrefix)}%`)}`);
    }
  }
  return where;
}

/** Whether the search has no text and no creator: its count and facets come from the facet bitmaps. */
export const isListing = (request: SearchRequest) =>
  request.text === '' && request.creatorPrefix === null && request.creatorUsername === null;

/**
 * A listing page (no text, no creator): the ids of one page, read in sort order from the sort's index (index only
 * when there is no tag, language or blocked-creator filter to check on the document).
 */
export function listingPageStatement(request: SearchRequest): Statement {
  const params = new Params();
  const where = filterConditions(request, params);
  const sql = `select d.id from search_documents d where ${where.join(' and ')}
    order by ${SORT_ORDER[request.sort]} limit ${SEARCH_LIMITS.hitsPerPage} offset ${offsetOf(request.page)}`;
  return { sql, params: params.values };
}

/** How text matches: exact/prefix words and partial names, or, when those find nothing, fuzzy names. */
export type TextMode = 'words' | 'fuzzy';

/**
 * A search with text or a creator: the matching documents are gathered once (materialized), then counted, faceted
 * and paged in the same statement. Answers found, the tag and translated-language facets (value and count arrays,
 * most frequent first, at most 100 each) and the page's ids in order.
 *
 * Text matching, mode 'words': every word of the query in the name or title (the last word as a prefix), or in
 * the chat language's translated name or title, or the whole query inside the name (ILIKE, trigram index; 3+
 * characters). Mode 'fuzzy' (when 'words' found nothing, like a search engine's typo tolerance): the query is
 * similar to a word sequence of the name (pg_trgm word similarity, threshold 0.6).
 *
 * Relevance: the "popular" sort is the search service's default sort; with text it ranks by relevance first (exact
 * name 8, every word in the name 4, every word in the translated name 4, name starting with the query 2; fuzzy:
 * word similarity), then by messages. The other sorts order matches by their own field only.
 */
export function matchStatement(request: SearchRequest, mode: TextMode): Statement | null {
  const params = new Params();
  const match = matchConditions(request, params, mode);
  if (!match) return null;
  const { order, columns } = orderOf(request, match.score);
  const sql = `with m as materialized (
    select d.id, d.tags, d.translated_languages, ${columns}
    from search_documents d
    where ${match.where.join(' and ')}
  )
  select
    (select count(*)::int from m) as found,
    ${facetsSelect('tags')} as tag_facets,
    ${facetsSelect('translated_languages')} as translated_facets,
    (select coalesce(array_agg(p.id order by ${order.replace(/\bd\./g, 'p.')}), '{}') from (
      select * from m d order by ${order} limit ${SEARCH_LIMITS.hitsPerPage} offset ${offsetOf(request.page)}
    ) p) as ids`;
  return { sql, params: params.values };
}

/** The conditions a document must meet (filters and text), and the relevance score when the search ranks. */
export interface MatchConditions {
  where: string[];
  /** The filters alone (`where` without the text's condition), their parameters bound once with `where`'s. */
  filters: string[];
  score: string | null;
  /** The documents whose score may be above 0 (name matches), for the ranked page of a large match (largeMatches.ts). */
  named: string | null;
}

/** Whether a search ranks by relevance: the default sort ranks text matches; the others order them by their own field. */
export const isRanked = (request: SearchRequest) => request.sort === 'popular' && request.text !== '';

/** `ranked` false: the conditions alone (no parameter is bound for a score that would go unused). */
export function matchConditions(request: SearchRequest, params: Params, mode: TextMode, ranked = isRanked(request)): MatchConditions | null {
  const filters = filterConditions(request, params);
  if (request.text === '') return { where: filters, filters, score: null, named: null };
  const text = textConditions(request, params, mode, ranked);
  if (text === null) return null;
  return { where: [...filters, text.match], filters, score: text.score, named: text.named };
}

/** The order of a match (relevance first when ranked) and the columns it reads. */
export function orderOf(request: SearchRequest, score: string | null): { order: string; columns: string } {
  return isRanked(request)
    ? { order: `score desc, ${SORT_ORDER.popular}`, columns: `${SORT_COLUMNS.popular}, ${score} as score` }
    : { order: SORT_ORDER[request.sort], columns: SORT_COLUMNS[request.sort] };
}

/**
 * A facet of the gathered matches `m`: value and count arrays, most frequent first, at most 100. unnest in the
 * select list (ProjectSet) counts about twice as fast as a lateral unnest per row.
 */
export function facetsSelect(column: 'tags' | 'translated_languages'): string {
  return `(select coalesce(json_agg(json_build_array(f.value, f.n) order by f.n desc, f.value), '[]') from (
      select t as value, count(*)::int as n from (select unnest(m.${column}) as t from m) u
      group by t order by n desc, t limit ${SEARCH_LIMITS.maxFacetValues}
    ) f)`;
}

/**
 * The text condition; the relevance score when `ranked` (no parameter is bound for an unused score); and, when
 * ranked (or without a chat language), the name condition every document with a score above 0 meets (bar the rare name whose whole text or start
 * matches without its words doing so), written so that an index serves it: the name's words
 * (search_documents_name_tsv_idx, the A-weight part of search_tsv) or the translated name's.
 */
function textConditions(
  request: SearchRequest,
  params: Params,
  mode: TextMode,
  ranked: boolean,
): { match: string; score: string | null; named: string | null } | null {
  const text = request.text;
  if (mode === 'fuzzy') {
    if (text.length < MIN_TRIGRAM_QUERY_LENGTH) return null;
    const q = params.add(text);
    return { match: `${q} <% d.name`, score: ranked ? `word_similarity(${q}, d.name)` : null, named: null };
  }
  const queries = textQueries(queryTokens(text), request.chatLanguage);
  const match: string[] = [];
  const score: string[] = [];
  const named: string[] = [];
  if (ranked) score.push(`case when lower(d.name) = ${params.add(text)} then 8 else 0 end`);
  if (queries) {
    const any = params.add(queries.any);
    match.push(`d.search_tsv @@ ${any}::tsquery`);
    if (ranked) score.push(`case when d.search_tsv @@ ${params.add(queries.name)}::tsquery then 4 else 0 end`);
    named.push(`to_tsvector('simple'::regconfig, d.name) @@ ${any}::tsquery`);
    if (queries.i18nAny !== null && queries.i18nName !== null) {
      match.push(`d.search_i18n_tsv @@ ${params.add(queries.i18nAny)}::tsquery`);
      if (ranked) {
        const i18nName = params.add(queries.i18nName);
        score.push(`case when d.search_i18n_tsv @@ ${i18nName}::tsquery then 4 else 0 end`);
        named.push(`d.search_i18n_tsv @@ ${i18nName}::tsquery`);
      }
    }
  }
  if (text.length >= MIN_TRIGRAM_QUERY_LENGTH) match.push(`d.name ilike ${params.add(`%${escapeLike(text)}%`)}`);
  if (ranked) score.push(`case when d.name ilike ${params.add(`${escapeLike(text)}%`)} then 2 else 0 end`);
  if (match.length === 0) return null;
  return {
    match: `(${match.join(' or ')})`,
    score: ranked ? score.join(' + ') : null,
    named: named.length > 0 ? `(${named.join(' or ')})` : null,
  };
}

/**
 * The documents of blocked creators and dismissed characters that the listing's filters would match (each once): the
 * facet bitmaps count everyone, so these are taken off their counts. The blocked creators' documents come from the
 * creator index alone (migration 043), the dismissed ones by id; as one json value (thousands of rows of two text
 * arrays took the driver 15 ms to read).
 */
export function excludedDocumentsStatement(request: SearchRequest): Statement {
  const params = new Params();
  const filters = () => filterConditions({ ...request, blockedCreatorIds: [], hiddenCharacterIds: [] }, params).join(' and ');
  const blocked = params.add(request.blockedCreatorIds);
  const hidden = params.add(request.hiddenCharacterIds);
  const sql = `select coalesce(json_agg(json_build_object('tags', x.tags, 'translated_languages', x.translated_languages)), '[]'::json) as docs from (
      select d.tags, d.translated_languages from search_documents d where ${filters()} and d.creator_user_id = any(${blocked}::text[])
      union all
      select d.tags, d.translated_languages from search_documents d
       where ${filters()} and d.id = any(${hidden}::text[]) and d.creator_user_id <> all(${blocked}::text[])) x`;
  return { sql, params: params.values };
}
