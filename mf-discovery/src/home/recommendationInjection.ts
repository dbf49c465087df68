import { RECOMMENDATION_LIMITS } from '@fable/contracts';
import type { GridEntry } from '../cards/CharacterGrid';
import { CARD_TEXTS } from '../cards/cardTexts';
import type { CharacterSummary } from '../discoveryApi';
import { DEFAULT_LISTING_SORT } from './listingSorts';
import type { ListingState } from './listingUrlState';

/** When the filters were last changed on this device (ms since the epoch); nothing stored: never. */
export const FILTERS_CHANGED_AT_KEY = 'fable.filtersChangedAt';

const MINUTE_MS = 60_000;

/**
 * Whether recommendations may go into the listing, before the hits are known (document 1 §7): the first page, no
 * active search, no sort change, and filters changed more than N minutes ago (RECOMMENDATION_LIMITS
 * .injectAfterFilterChangeMinutes; never changed counts as long ago).
 */
export function mayInjectRecommendations(
  state: Pick<ListingState, 'page' | 'q' | 'sort'>,
  filtersChangedAt: number | null,
  now: number,
  afterMinutes: number = RECOMMENDATION_LIMITS.injectAfterFilterChangeMinutes,
): boolean {
  if (state.page !== 1 || state.q.trim() !== '' || state.sort !== DEFAULT_LISTING_SORT) return false;
  return filtersChangedAt === null || now - filtersChangedAt > afterMinutes * MINUTE_MS;
}

export interface RecommendationFilter {
  /** The page's search hits: a recommendation already among them is not repeated. */
  hits: readonly CharacterSummary[];
  /** Creators the viewer blocked. */
  blockedCreatorIds: ReadonlySet<string>;
  /** Cards the viewer took away (Less Like This). */
  hiddenCharacterIds?: ReadonlySet<string>;
  /** The selected (included) tags: a recommendation must carry at least one of them when there are any. */
  includeTags: readonly string[];
  excludeTags: readonly string[];
  /** Whether NSFW characters may show. */
  nsfw: boolean;
}

/**
 * The recommendations that may show (document 1 §7): hits from blocked creators or not matching the selected tags are
 * dropped, and so are excluded tags, NSFW ones outside NSFW mode, cards taken away, duplicates and hits already on
 * the page.
 */
export function usableRecommendations(recommendations: readonly CharacterSummary[], filter: RecommendationFilter): CharacterSummary[] {
  const seen = new Set(filter.hits.map((hit) => hit.id));
  return recommendations.filter((rec) => {
    if (seen.has(rec.id)) return false;
    seen.add(rec.id);
    if (filter.blockedCreatorIds.has(rec.creator_user_id)) return false;
    if (filter.hiddenCharacterIds?.has(rec.id)) return false;
    if (!filter.nsfw && rec.is_nsfw) return false;
    if (filter.includeTags.length > 0 && !rec.tags.some((tag) => filter.includeTags.includes(tag))) return false;
    if (rec.tags.some((tag) => filter.excludeTags.includes(tag))) return false;
    return true;
  });
}

/** One recommendation after every this many hits. */
export const INJECT_EVERY = 4;

/**
 * The first page with the recommendations in it: one after every 4 hits, marked "For you", and only when there are
 * hits (an empty result stays empty). Recommendations left over when the hits run out are not added.
 */
export function injectRecommendations(hits: readonly CharacterSummary[], recommendations: readonly CharacterSummary[], every: number = INJECT_EVERY): GridEntry[] {
  const entries: GridEntry[] = [];
  let next = 0;
  hits.forEach((hit, i) => {
    entries.push({ character: hit });
    const rec = recommendations[next];
    if ((i + 1) % every === 0 && rec) {
      entries.push({ character: rec, badge: CARD_TEXTS.recommended });
      next += 1;
    }
  });
  return entries;
}
