import { createHash } from 'node:crypto';
import {
  DEFAULT_CHAT_LANGUAGE,
  SEARCH_LIMITS,
  type ChatLanguage,
  type ListingSort,
  type SearchCharactersQuery,
} from '@fable/contracts';

/**
 * A search as the module runs it: the call's query normalised (so that equivalent calls share a cache entry) and
 * joined with what the caller decides (application, NSFW, blocked creators). Everything that changes the answer is
 * here, and nothing else.
 */
export interface SearchRequest {
  applicationId: string;
  /** Free text, lower-cased with whitespace collapsed; '' when none (or when q was an @creator search). */
  text: string;
  /** `q` = "@abc": characters of creators whose username starts with "abc". */
  creatorPrefix: string | null;
  /** Exact creator username (creator page). */
  creatorUsername: string | null;
  sort: ListingSort;
  page: number;
  /** Sorted, without duplicates. */
  includeTags: string[];
  excludeTags: string[];
  languages: ChatLanguage[];
  /** A chat language other than the default, when there is text: name_i18n / title_i18n in it are searched too. */
  chatLanguage: ChatLanguage | null;
  /** NSFW characters included (asked for, and allowed to the caller). */
  nsfw: boolean;
  /** The caller's blocked creators (creator_user_id), sorted. */
  blockedCreatorIds: string[];
  /** Characters the caller dismissed (Less Like This, a dislike rating), sorted: left out like blocked creators. */
  hiddenCharacterIds: string[];
}

export interface SearchCaller {
  applicationId: string;
  /** Whether the caller may see NSFW characters: a member whose settings allow explicit content. */
  nsfwAllowed: boolean;
  blockedCreatorIds: readonly string[];
  /** Characters the caller dismissed; none when absent. */
  hiddenCharacterIds?: readonly string[];
}

const sortedUnique = <T extends string>(values: readonly T[]): T[] => [...new Set(values)].sort();

export function normalizeSearch(query: SearchCharactersQuery, caller: SearchCaller): SearchRequest {
  const q = query.q.trim().replace(/\s+/g, ' ').toLowerCase();
  const prefix = SEARCH_LIMITS.creatorQueryPrefix;
  const creatorPrefix = q.startsWith(prefix) ? q.slice(prefix.length).trim() : null;
  const text = creatorPrefix === null ? q : '';
  const chatLanguage = text !== '' && query.chat_language && query.chat_language !== DEFAULT_CHAT_LANGUAGE ? query.chat_language : null;
  return {
    applicationId: caller.applicationId,
    text,
    // "@" alone names no creator: the listing of everyone.
    creatorPrefix: creatorPrefix === '' ? null : creatorPrefix,
    creatorUsername: query.creator_username ? query.creator_username.trim().toLowerCase() : null,
    sort: query.sort,
    page: query.page,
    includeTags: sortedUnique(query.include_tags),
    excludeTags: sortedUnique(query.exclude_tags),
    languages: sortedUnique(query.languages),
    chatLanguage,
    nsfw: query.nsfw && caller.nsfwAllowed,
    blockedCreatorIds: sortedUnique(caller.blockedCreatorIds),
    hiddenCharacterIds: sortedUnique(caller.hiddenCharacterIds ?? []),
  };
}

/** Cache entries of search results start with this (the benchmark measures uncached searches by skipping them). */
export const SEARCH_CACHE_PREFIX = 'search:v1:';

/**
 * The cache key of a search: every field of the request. The blocked creators and dismissed characters enter as a
 * hash, so that callers excluding nothing (nearly everyone) share entries and a block or a dismissal takes effect at
 * once for that caller alone.
 */
export function searchCacheKey(request: SearchRequest): string {
  const { applicationId, blockedCreatorIds, hiddenCharacterIds, ...rest } = request;
  const excluded =
    blockedCreatorIds.length === 0 && hiddenCharacterIds.length === 0
      ? '-'
      : createHash('sha256').update(`${blockedCreatorIds.join('\n')}\n--\n${hiddenCharacterIds.join('\n')}`).digest('base64url').slice(0, 22);
  return `${SEARCH_CACHE_PREFIX}${applicationId}:${excluded}:${JSON.stringify(rest)}`;
}

/** At most this many words of a query are searched (q is at most 200 characters). */
export const MAX_QUERY_TOKENS = 12;

/**
 * The words of a query as the 'simple' text search configuration sees them: runs of letters, digits and combining
 * marks, lower-cased. (PostgreSQL's parser also emits "half-elf" and "27-year-old" whole, but always with their
 * parts, so searching the parts finds them.)
 */
export function queryTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_QUERY_TOKENS);
}

/**
 * The tsquery of the words: every word must match; the last one as a prefix (search as you type), the others as
 * whole words. `lexeme` maps a word to the lexeme(s) searched (weights, language tags). Tokens hold only letters,
 * digits and marks, so they need no quoting beyond the quotes themselves.
 */
function tsquery(tokens: readonly string[], lexeme: (token: string, prefix: boolean) => string): string {
  return tokens.map((token, i) => lexeme(token, i === tokens.length - 1)).join(' & ');
}

export interface TextQueries {
  /** Name or title (search_tsv). */
  any: string;
  /** Name only (weight A): ranks name matches above title matches. */
  name: string;
  /** The chat language's translated name or title (search_i18n_tsv), when there is one. */
  i18nAny: string | null;
  i18nName: string | null;
}

export function textQueries(tokens: readonly string[], chatLanguage: ChatLanguage | null): TextQueries | null {
  if (tokens.length === 0) return null;
  const star = (prefix: boolean) => (prefix ? ':*' : '');
  const i18n = (sep: string, token: string) => `${chatLanguage}${sep}${token}`;
  return {
    any: tsquery(tokens, (t, p) => `'${t}'${star(p)}`),
    name: tsquery(tokens, (t, p) => `'${t}'${p ? ':*A' : ':A'}`),
    i18nAny: chatLanguage === null ? null : tsquery(tokens, (t, p) => `('${i18n(':', t)}'${star(p)} | '${i18n('.', t)}'${star(p)})`),
    i18nName: chatLanguage === null ? null : tsquery(tokens, (t, p) => `'${i18n(':', t)}'${star(p)}`),
  };
}

/** A LIKE pattern matching `value` literally (backslash is LIKE's default escape). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Partial ("…aphin…") and fuzzy name matching need three characters: trigram indexes need a trigram. */
export const MIN_TRIGRAM_QUERY_LENGTH = 3;
