import {
  CHATBOT_RATING_VALUES,
  SEARCH_LIMITS,
  type CharacterSummary,
  type SearchCharactersQuery,
  type SearchCharactersResult,
} from '@fable/contracts';
import { cachedJson, type Cache } from '../../infra/cache/cache';
import type { Clock } from '../../infra/clock';
import type { Database, Queryable } from '../../infra/db/database';
import { catalogVersion } from '../catalogVersion/catalogVersion';
import type { CardRow } from '../characters/characterRow';
import { PUBLIC_SUMMARY_SELECT, toPublicSummary } from '../discovery/characterSummary';
import { estimateLargeMatch, largeMatchPage, pagedFound, type LargeMatchOptions, type PartWalks } from './largeMatches';
import { createFacetSnapshots, topFacets, type FacetCounts, type FacetSnapshots } from './facetSnapshots';
import { MIN_TRIGRAM_QUERY_LENGTH, normalizeSearch, searchCacheKey, type SearchCaller, type SearchRequest } from './searchRequest';
import {
  excludedDocumentsStatement,
  isListing,
  listingPageStatement,
  matchStatement,
  type Statement,
  type TextMode,
} from './searchSql';

/**
 * The character search of the listing (document 1 §2, §7 "Search service"): text, @creator, tags, languages, NSFW,
 * blocked creators, the five sorts, 48 hits per page, the result count and the tag and translated-language facets,
 * cached 300 s. See README.md in this folder for the design and its figures.
 */

export interface SearchServiceOptions {
  db: Database;
  cache: Cache;
  clock: Clock;
  /** Age after which a facet snapshot is rebuilt (default 60 s). */
  facetRefreshMs?: number;
  /** Reports background failures (facet snapshot rebuilds). */
  onError?: (err: unknown, context: string) => void;
  /** When the count and facets of a search are estimated (largeMatches.ts). */
  largeMatches?: LargeMatchOptions;
}

export interface SearchService {
  /** A search as the route answers it: cached per normalised request. */
  search(query: SearchCharactersQuery, caller: SearchCaller): Promise<SearchCharactersResult>;
  /** The same without the cache. */
  run(request: SearchRequest): Promise<SearchCharactersResult>;
  facets: FacetSnapshots;
  close(): Promise<void>;
}

/** The creators a member blocked (creator_blocks, migration 005). */
export async function blockedCreatorIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ creator_user_id: string }>('select creator_user_id from creator_blocks where user_id = $1', [userId]);
  return rows.map((r) => r.creator_user_id);
}

/**
 * The application's shadow-banned creators (document 1 §6 temporary_shadowban): while it lasts their chatbots are left
 * out of everyone else's listings and searches (links to them still open). Cached for SHADOW_BANNED_CACHE_SECONDS.
 */
export async function shadowBannedCreatorIds(db: Queryable, cache: Cache, applicationId: string, now: Date): Promise<string[]> {
  return cachedJson(cache, `shadow-banned:${applicationId}`, SHADOW_BANNED_CACHE_SECONDS, async () => {
    const { rows } = await db.query<{ id: string }>(
      `select distinct r.user_id::text as id from user_restrictions r join users u on u.id = r.user_id
       where u.application_id = $1 and r.kind = 'shadowban' and r.lifted_at is null and r.expires_at > $2`,
      [applicationId, now],
    );
    return rows.map((r) => r.id);
  });
}
export const SHADOW_BANNED_CACHE_SECONDS = 30;

/** A shadow-ban put or lifted shows at once (other API processes follow within SHADOW_BANNED_CACHE_SECONDS). */
export const forgetShadowBanned = (cache: Cache, applicationId: string) => cache.delete(`shadow-banned:${applicationId}`);

/** The characters a member dismissed: rated dislike (Less Like This records one, document 1 §4). */
export async function dismissedCharacterIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ character_id: string }>(
    'select character_id from character_ratings where user_id = $1 and rating = $2',
    [userId, CHATBOT_RATING_VALUES.dislike],
  );
  return rows.map((r) => r.character_id);
}

/**
 * The cards of `ids`, in that order; a character made non-public since the ids were read is left out. A hit is the
 * public part of a character: never its definition, no moderation report either (listed characters have no
 * withdrawing status, and the report is the creator's business, shown in My Chatbots).
 */
async function hydrate(db: Queryable, ids: readonly string[]): Promise<CharacterSummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<CardRow>(
    `select ${PUBLIC_SUMMARY_SELECT} from characters c where c.id = any($1::text[]) and c.visibility = 'public'`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublicSummary(row)] : [];
  });
}

interface Match {
  found: number;
  tags: Map<string, number>;
  translated_languages: Map<string, number>;
  ids: string[];
}

interface MatchRow {
  found: number;
  tag_facets: Array<[string, number]>;
  translated_facets: Array<[string, number]>;
  ids: string[];
}

async function runStatement<Row>(db: Database, statement: Statement): Promise<Row[]> {
  return (await db.query<Row>(statement.sql, statement.params)).rows;
}

async function runMatch(db: Database, request: SearchRequest, mode: TextMode): Promise<Match | null> {
  const statement = matchStatement(request, mode);
  if (!statement) return null;
  const [row] = await runStatement<MatchRow>(db, statement);
  if (!row) return null;
  return {
    found: row.found,
    tags: new Map(row.tag_facets),
    translated_languages: new Map(row.translated_facets),
    ids: row.ids,
  };
}

/** Takes the blocked creators' and dismissed characters' documents off counts that include them. */
function withoutExcluded(counts: FacetCounts, blocked: ReadonlyArray<{ tags: string[]; translated_languages: string[] }>): FacetCounts {
  const tags = new Map(counts.tags);
  const translated = new Map(counts.translated_languages);
  const less = (map: Map<string, number>, key: string) => map.set(key, Math.max(0, (map.get(key) ?? 0) - 1));
  for (const doc of blocked) {
    doc.tags.forEach((tag) => less(tags, tag));
    doc.translated_languages.forEach((language) => less(translated, language));
  }
  return { found: Math.max(0, counts.found - blocked.length), tags, translated_languages: translated };
}

/** Large searches whose page plan a process keeps, and for how long (the catalog's word counts move slowly). */
export const LARGE_WALKS_KEPT = 1_000;
export const LARGE_WALKS_KEPT_MS = 10 * 60_000;

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { db, cache } = options;
  const facets = createFacetSnapshots(db, options.clock, {
    refreshAfterMs: options.facetRefreshMs,
    onError: (err, applicationId) => options.onError?.(err, `facet snapshot of ${applicationId}`),
  });

  /** A listing: the page from its sort index, the counts from the facet bitmaps. */
  async function listing(request: SearchRequest): Promise<Match | null> {
    const [page, counts, blocked] = await Promise.all([
      runStatement<{ id: string }>(db, listingPageStatement(request)),
      facets.counts(request),
      request.blockedCreatorIds.length > 0 || request.hiddenCharacterIds.length > 0
        ? runStatement<{ docs: Array<{ tags: string[]; translated_languages: string[] }> }>(db, excludedDocumentsStatement(request)).then(([row]) => row?.docs ?? [])
        : Promise.resolve([]),
    ]);
    if (!counts) return null;
    return { ...withoutExcluded(counts, blocked), ids: page.map((r) => r.id) };
  }

  // How the page of each recent large search was read (its plan: which name parts were walked for), by request.
  const knownWalks = new Map<string, { walks: PartWalks; until: number }>();
  const walksKnown = (key: string) => {
    const known = knownWalks.get(key);
    return known && known.until > options.clock.now().getTime() ? known.walks : null;
  };
  const rememberWalks = (key: string, walks: PartWalks) => {
    knownWalks.delete(key);
    knownWalks.set(key, { walks, until: options.clock.now().getTime() + LARGE_WALKS_KEPT_MS });
    if (knownWalks.size > LARGE_WALKS_KEPT) knownWalks.delete(knownWalks.keys().next().value!);
  };

  /**
   * A search matching much of the catalog: estimated count and facets, the page read without gathering the matches.
   * The page's plan comes from the sample's counts, so a first search reads its page after its sample; a search seen in
   * the last LARGE_WALKS_KEPT_MS reads its page beside its sample, with the plan it took then (a plan decides how the
   * page is read, never what it holds: searchCharacters.test.ts reads every page both ways).
   */
  async function large(request: SearchRequest): Promise<Match | null> {
    const key = searchCacheKey(request);
    const known = walksKnown(key);
    const early = known ? largeMatchPage(db, request, known) : null;
    // Dropped when the search turns out not to be large: its failure, if any, is then nobody's.
    early?.catch(() => undefined);
    const estimate = await estimateLargeMatch(db, request, options.largeMatches);
    if (!estimate) return null;
    rememberWalks(key, estimate.walks);
    const ids = early ? await early : await largeMatchPage(db, request, estimate.walks);
    const found = pagedFound(estimate.found, request.page, ids.length);
    const atMost = (counts: Map<string, number>) => new Map([...counts].map(([value, n]) => [value, Math.min(n, found)]));
    return { found, tags: atMost(estimate.tags), translated_languages: atMost(estimate.translated_languages), ids };
  }

  async function run(request: SearchRequest): Promise<SearchCharactersResult> {
    let match = isListing(request) ? await listing(request) : await large(request);
    match ??= await runMatch(db, request, 'words');
    // Nothing for the words: try names similar to the query (typo tolerance).
    if ((match === null || match.found === 0) && request.text.length >= MIN_TRIGRAM_QUERY_LENGTH) {
      const fuzzy = await runMatch(db, request, 'fuzzy');
      if (fuzzy && fuzzy.found > 0) match = fuzzy;
    }
    match ??= { found: 0, tags: new Map(), translated_languages: new Map(), ids: [] };
    return {
      hits: await hydrate(db, match.ids),
      found: match.found,
      page: request.page,
      per_page: SEARCH_LIMITS.hitsPerPage,
      facets: {
        tags: topFacets(match.tags, SEARCH_LIMITS.maxFacetValues),
        translated_languages: topFacets(match.translated_languages, SEARCH_LIMITS.maxFacetValues),
      },
      nsfw: request.nsfw,
    };
  }

  return {
    async search(query, caller) {
      const request = normalizeSearch(query, caller);
      // Under the catalog's version: a chatbot created, edited or deleted shows in the next search, not 300 s later.
      const version = await catalogVersion(cache, request.applicationId);
      return cachedJson(cache, `${searchCacheKey(request)}:${version}`, SEARCH_LIMITS.cacheSeconds, () => run(request));
    },
    run,
    facets,
    close: () => facets.close(),
  };
}
