import { RECOMMENDATION_LIMITS } from '@fable/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocalStorage } from '@fable/shared';
import { useDiscovery_recommendationsQuery, type CharacterSummary, type RecommendationsArgs } from '../discoveryApi';
import { INTERESTS_KEY, isInterest, type Interest } from './interests';

interface CachedRecommendations {
  savedAt: number;
  recommId: string;
  hits: CharacterSummary[];
  /** The interests they were asked with: other interests ask again. */
  interests?: Interest[];
}

/** Recommendations are cached on this device by mode (scenario, NSFW or not: document 1 §7). */
export function recommendationsCacheKey(scenario: RecommendationsArgs['scenario'], nsfw: boolean): string {
  return `${CACHE_PREFIX}${scenario}.${nsfw ? 'nsfw' : 'sfw'}`;
}

const CACHE_PREFIX = 'fable.recommendations.';

/**
 * Forgets the recommendations kept on this device (every mode): after Less Like This or a block the next visit asks
 * the recommender again, which leaves out what was dismissed or blocked. The cards on screen are hidden at once.
 */
export function forgetCachedRecommendations(given?: Storage): void {
  try {
    // Reading localStorage itself throws where storage is blocked.
    const storage = given ?? globalThis.localStorage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(CACHE_PREFIX) ?? false);
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function isFresh(cached: CachedRecommendations | null, interests: readonly Interest[], now: number, timeoutMs: number): cached is CachedRecommendations {
  return (
    cached !== null &&
    typeof cached === 'object' &&
    typeof cached.savedAt === 'number' &&
    Array.isArray(cached.hits) &&
    now - cached.savedAt < timeoutMs &&
    cached.savedAt <= now &&
    (cached.interests ?? []).join(',') === interests.join(',')
  );
}

/** The interest picker's choices stored on this device (the recommender's cold start). */
export function useStoredInterests(): [Interest[], (interests: Interest[]) => void] {
  const [stored, setStored] = useLocalStorage<unknown>(INTERESTS_KEY, []);
  const interests = Array.isArray(stored) ? stored.filter(isInterest) : [];
  return [interests, setStored];
}

export interface UseRecommendationsOptions {
  scenario: RecommendationsArgs['scenario'];
  nsfw: boolean;
  /** Ask at all (the injection conditions that do not need the hits). */
  enabled: boolean;
  count?: number;
  includeTags?: readonly string[];
  excludeTags?: readonly string[];
  /** Reuse answers for 20 minutes (RECOMMENDATION_LIMITS.localCacheTimeoutMs); off: always ask. */
  cache?: boolean;
}

export interface RecommendationsState {
  hits: CharacterSummary[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * Recommendations for the viewer (document 1 §7), with the interest picker's choices for the cold start. With
 * `cache`, an answer is kept on this device by mode and reused for 20 minutes. Recommender failures are only logged
 * (document 1 §8): the listing shows without them.
 */
export function useRecommendations({
  scenario,
  nsfw,
  enabled,
  count = RECOMMENDATION_LIMITS.defaultCount,
  includeTags = [],
  excludeTags = [],
  cache = false,
}: UseRecommendationsOptions): RecommendationsState {
  const [interests] = useStoredInterests();
  const key = recommendationsCacheKey(scenario, nsfw);
  const [cached, setCached] = useLocalStorage<CachedRecommendations | null>(key, null);
  // The cache's age is judged at the time the page opened: rendering reads no clock.
  const [openedAt] = useState(() => Date.now());
  const fresh = cache && isFresh(cached, interests, openedAt, RECOMMENDATION_LIMITS.localCacheTimeoutMs) ? cached : null;
  const query = useDiscovery_recommendationsQuery(
    { scenario, nsfw, count, includeTags: [...includeTags], excludeTags: [...excludeTags], interests },
    { skip: !enabled || fresh !== null },
  );

  // Each answer is stored once, with the interests it was asked with.
  const stored = useRef<unknown>(null);
  const asked = (query.originalArgs?.interests ?? []).join(',');
  useEffect(() => {
    if (!cache || !query.data || stored.current === query.data) return;
    stored.current = query.data;
    setCached({ savedAt: Date.now(), recommId: query.data.recommId, hits: query.data.hits, interests: asked ? (asked.split(',') as Interest[]) : [] });
  }, [cache, query.data, asked, setCached]);

  useEffect(() => {
    if (query.isError) console.warn('[mf-discovery] recommendations failed', query.error);
  }, [query.isError, query.error]);

  return {
    hits: enabled ? (fresh?.hits ?? query.data?.hits ?? []) : [],
    isLoading: enabled && fresh === null && query.isLoading,
    isError: enabled && fresh === null && query.isError,
    refetch: () => {
      if (enabled && fresh === null) void query.refetch();
    },
  };
}
