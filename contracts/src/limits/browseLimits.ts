/**
 * Search, listing and recommendation constants (document 1 §7 "Search service", "Recommender", §9).
 * Durations in milliseconds unless the name says otherwise.
 */
export const SEARCH_LIMITS = {
  hitsPerPage: 48,
  maxFacetValues: 100,
  cacheSeconds: 300,
  connectionTimeoutMs: 20_000,
  searchDebounceMs: 300,
  usernameDebounceMs: 500,
  tagSaveDebounceMs: 2000,
  backToTopPx: 1000,
  /** A query starting with @ searches by creator username. */
  creatorQueryPrefix: '@',
} as const;

/** Recommender constants (document 1 §7, §9). */
export const RECOMMENDATION_LIMITS = {
  defaultCount: 12,
  cacheSizes: [12, 602],
  refillThresholdSubtract: [3, 15],
  localCacheTimeoutMs: 1_200_000,
  /**
   * Recommendations are injected when filters were changed more than N minutes ago ("N not shown"); ours.
   */
  injectAfterFilterChangeMinutes: 5,
} as const;

/** Chatbot and recommender rating values (document 1 §3 "Rating values"). */
export const CHATBOT_RATING_VALUES = { dislike: 1, like: 3, love: 5 } as const;
export const RECOMMENDER_RATING_WEIGHTS = { dislike: -1, like: 0.5, love: 1 } as const;

/** Touch-device card highlight (document 1 §2 "Cards"). */
export const CARD_HIGHLIGHT = {
  delayMs: 1500,
  /** The card centre must be within 70% of half the viewport height of the screen centre. */
  halfViewportRatio: 0.7,
} as const;
