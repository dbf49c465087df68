/** Creator leaderboard constants (document 2 §9, document 1 §7 "Leaderboard search"). */
export const LEADERBOARD_LIMITS = {
  topPerCategory: 25,
  /** The top 3 of each category get a free month of I'm All In, the next 7 a free month of True Supporter. */
  prizes: [
    { fromRank: 1, toRank: 3, tier: 'premium', months: 1 },
    { fromRank: 4, toRank: 10, tier: 'basic', months: 1 },
  ],
  /** A user cannot receive prizes from both categories. */
  prizeFromOneCategoryOnly: true,
  /** Score shown in thousands with 1 decimal. */
  scoreDisplayDivisor: 1000,
  scoreDisplayDecimals: 1,
  podiumSize: 3,
  hitsPerPage: 48,
  searchCacheMs: 2 * 60 * 1000,
  searchTimeoutMs: 15_000,
} as const;
