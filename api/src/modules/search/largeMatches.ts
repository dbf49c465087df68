import { SEARCH_LIMITS } from '@fable/contracts';
import type { Database } from '../../infra/db/database';
import { escapeLike, type SearchRequest } from './searchRequest';
import {
  Params,
  SORT_ORDER,
  facetsSelect,
  isRanked,
  matchConditions,
  offsetOf,
  orderOf,
  type Statement,
} from './searchSql';

/**
 * Searches that match a large part of the catalog ("the", "a", a prolific creator): counting and faceting every
 * match row by row costs 100 to 400 ms on 300,000 characters, so past `largeMatchCount` matches the count and the
 * facets are estimated from a block sample of the catalog (as hosted search engines sample facets past a threshold),
 * and the page is read without gathering the matches:
 *
 * - sorted by a field: the sort's index is walked with the text as a filter, which stops after the page when the
 *   term is common;
 * - ranked by relevance: a score above 0 needs a name match, so the page is the best of the name matches (read
 *   through the name's own word index) followed by the most popular of the other matches (the popular index, walked).
 *
 * The planner's row estimate of the match (an EXPLAIN, no execution) says whether a search may be large; the
 * sample confirms it. Counts and facets past the threshold are estimates (the listing abbreviates counts anyway);
 * the hits are exact.
 */

export interface LargeMatchOptions {
  /** Matches past which the count and facets are estimated (default LARGE_MATCH_COUNT). */
  largeMatchCount?: number;
  /** Matches the sample aims to hold (default SAMPLE_MATCHES). */
  sampleMatches?: number;
  /** The largest sample, in % of the catalog's blocks (default MAX_SAMPLE_PERCENT; 100 in tests: exact figures). */
  maxSamplePercent?: number;
}

export const LARGE_MATCH_COUNT = 5_000;
/** About 3 % of error on the count (a block sample is a little less precise than a row sample of the same size). */
export const SAMPLE_MATCHES = 1_000;
/** Each % of the blocks costs about 3 ms on 300,000 characters: at most 5 %, 250 matches at the threshold. */
export const MAX_SAMPLE_PERCENT = 5;

export interface EstimatedMatch {
  found: number;
  tags: Map<string, number>;
  translated_languages: Map<string, number>;
  /** The name parts the page may walk the popular index for: estimated at WALK_FACTOR times the rows it needs or more. */
  walks: PartWalks;
  /** The sample's size, in % of the blocks. */
  percent: number;
}

/**
 * A part is walked for in popularity order when the sample puts it at this many times the page's rows or more (the
 * walk then reads about 1/WALK_FACTOR of the catalog at worst); rarer, it is gathered from the name's word index.
 */
export const WALK_FACTOR = 50;

/** The planner's estimate of the number of matches. */
export function estimateStatement(request: SearchRequest): Statement | null {
  const params = new Params();
  const match = matchConditions(request, params, 'words', false);
  if (!match) return null;
  return { sql: `explain (format json) select 1 from search_documents d where ${match.where.join(' and ')}`, params: params.values };
}

/**
 * Count and facets of the matches within a block sample of `percent` % (the same blocks each time for one table
 * state); for a ranked search without a chat language, also how many of them have a name that starts with the query
 * (`first`) or a later word of the name that does (`later`).
 */
export function sampleStatement(request: SearchRequest, percent: number): Statement | null {
  const params = new Params();
  const match = matchConditions(request, params, 'words', false);
  if (!match) return null;
  const parts = namedParts(request, params, match.named);
  const flags = parts ? `, ${parts.first} as first, ${parts.later} as later` : '';
  const sql = `with m as materialized (
    select d.tags, d.translated_languages${flags} from search_documents d tablesample system (${percent}) repeatable (0)
    where ${match.where.join(' and ')}
  )
  select (select count(*)::int from m) as found, ${facetsSelect('tags')} as tag_facets, ${facetsSelect('translated_languages')} as translated_facets,
    ${parts ? '(select count(*) filter (where first)::int from m)' : '0'} as first,
    ${parts ? '(select count(*) filter (where later)::int from m)' : '0'} as later`;
  return { sql, params: params.values };
}

/** The conditions of the name parts of a ranked page (no chat language): starts with the query, or a later word does. */
function namedParts(request: SearchRequest, params: Params, named: string | null): { first: string; later: string; exact: string } | null {
  if (!isRanked(request) || request.chatLanguage !== null || named === null) return null;
  const text = params.add(request.text);
  const starts = `d.name ilike ${params.add(`${escapeLike(request.text)}%`)}`;
  return { first: `(${named} and ${starts} and lower(d.name) <> ${text})`, later: `(${named} and not ${starts})`, exact: `lower(d.name) = ${text}` };
}

/** Which name parts of a ranked page are common enough to be read by walking the popular index (LargeMatch.walk). */
export interface PartWalks {
  first: boolean;
  later: boolean;
}

/**
 * The ids of the page, without gathering every match (see the module comment). Ranked, the matches fall into parts
 * whose best `page × 48` are read each, and merged:
 * - the name is the query (score 14): a btree on the lower-cased name;
 * - the name starts with the query (6), and a later word of the name starts with it (4): their score is the same
 *   throughout, so each is read in popularity order, walking the popular index when such names are common and from
 *   the name's word index when they are rare (the planner chooses);
 * - the rest (0, bar a name that starts with the query without its words matching): the popular index, walked.
 * With a chat language the translated name adds its 4 to some names: the name matches are then read whole and
 * sorted by score (the name's word index and the translations' index).
 */
export function largePageStatement(request: SearchRequest, walks: PartWalks = { first: false, later: false }): Statement | null {
  const params = new Params();
  const match = matchConditions(request, params, 'words');
  if (!match) return null;
  const where = match.where.join(' and ');
  const limit = SEARCH_LIMITS.hitsPerPage;
  const offset = offsetOf(request.page);
  if (!isRanked(request) || match.named === null) {
    return { sql: `select d.id from search_documents d where ${where} order by ${SORT_ORDER[request.sort]} limit ${limit} offset ${offset}`, params: params.values };
  }
  const { order, columns } = orderOf(request, match.score);
  const best = limit + offset;
  // "offset 0" keeps the limit out of the part's plan: its matches are gathered from an index, never walked for.
  const part = (condition: string, partOrder: string, walk = true) =>
    walk
      ? `(select d.id, ${columns} from search_documents d where ${condition} order by ${partOrder} limit ${best})`
      : `(select * from (select d.id, ${columns} from search_documents d where ${condition} offset 0) d order by ${partOrder} limit ${best})`;
  const rest = part(`${where} and not ${match.named}`, SORT_ORDER.popular);
  const filters = match.filters.join(' and ');
  const named = namedParts(request, params, match.named);
  const parts = named
    ? [
        part(`${where} and ${named.exact}`, order),
        part(`${filters} and ${named.first}`, SORT_ORDER.popular, walks.first),
        part(`${filters} and ${named.later}`, SORT_ORDER.popular, walks.later),
        rest,
      ]
    : [part(`${filters} and ${match.named}`, order, false), rest];
  const sql = `select p.id from (${parts.join('\n    union all\n    ')}) p order by ${order.replace(/\bd\./g, 'p.')} limit ${limit} offset ${offset}`;
  return { sql, params: params.values };
}

interface PlanRow {
  'QUERY PLAN': unknown;
}

interface SampleRow {
  found: number;
  first: number;
  later: number;
  tag_facets: Array<[string, number]>;
  translated_facets: Array<[string, number]>;
}

/** The planner's estimate of the matches (PGlite returns the plan as text, pg as parsed JSON). */
async function plannedMatches(db: Database, request: SearchRequest): Promise<number> {
  const statement = estimateStatement(request);
  if (!statement) return 0;
  const { rows } = await db.query<PlanRow>(statement.sql, statement.params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan[0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * The estimated count and facets of a large match, or null when the search is not large (the caller counts
 * exactly). A facet value's count is scaled from the sample like the total, and never above it.
 */
export async function estimateLargeMatch(db: Database, request: SearchRequest, options: LargeMatchOptions = {}): Promise<EstimatedMatch | null> {
  const threshold = options.largeMatchCount ?? LARGE_MATCH_COUNT;
  const planned = await plannedMatches(db, request);
  if (planned < threshold) return null;
  const wanted = Math.ceil(((options.sampleMatches ?? SAMPLE_MATCHES) / planned) * 100);
  const percent = Math.min(options.maxSamplePercent ?? MAX_SAMPLE_PERCENT, Math.max(1, wanted));
  const statement = sampleStatement(request, percent);
  if (!statement) return null;
  const [row] = (await db.query<SampleRow>(statement.sql, statement.params)).rows;
  if (!row) return null;
  const scale = (n: number) => Math.round((n * 100) / percent);
  const found = scale(row.found);
  if (found < threshold) return null;
  const scaled = (facets: Array<[string, number]>) => new Map(facets.map(([value, n]) => [value, Math.min(found, scale(n))]));
  const rows = offsetOf(request.page) + SEARCH_LIMITS.hitsPerPage;
  const walks = { first: scale(row.first) >= WALK_FACTOR * rows, later: scale(row.later) >= WALK_FACTOR * rows };
  return { found, tags: scaled(row.tag_facets), translated_languages: scaled(row.translated_facets), walks, percent };
}

/**
 * The estimated count, corrected by the page read: a page that is not full ends the matches, so the count is then
 * exact; an empty page past the first says there are at most as many as the pages before it; a full page says there
 * are at least as many as it reaches.
 */
export function pagedFound(estimated: number, page: number, hits: number): number {
  const offset = offsetOf(page);
  if (hits >= SEARCH_LIMITS.hitsPerPage) return Math.max(estimated, offset + hits);
  if (hits > 0 || offset === 0) return offset + hits;
  return Math.min(estimated, offset);
}

/** The page of a large match. */
export async function largeMatchPage(db: Database, request: SearchRequest, walks: PartWalks): Promise<string[]> {
  const statement = largePageStatement(request, walks);
  if (!statement) return [];
  return (await db.query<{ id: string }>(statement.sql, statement.params)).rows.map((r) => r.id);
}
