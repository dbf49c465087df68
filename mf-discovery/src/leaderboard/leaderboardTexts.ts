import { ERROR_MESSAGES, type LeaderboardType } from '@fable/contracts';

/**
 * Texts of the creator leaderboard (document 2 §2 "Creator Leaderboard", §9). The spec quotes none for this page
 * besides the category names (document 2 §3); the others are ours.
 */
export const LEADERBOARD_TEXTS = {
  heading: 'Creator Leaderboard',
  intro: "The top creators of the month. In each category the top 3 win a free month of I'm All In and the next 7 a free month of True Supporter.",
  month: 'Month',
  categories: 'Category',
  podium: (type: LeaderboardType) => `Top 3 — ${type}`,
  table: (type: LeaderboardType) => `Ranking — ${type}`,
  rank: 'Rank',
  movement: 'Change',
  creator: 'Creator',
  characters: 'Chatbots',
  score: 'Score',
  charactersCount: (n: number) => `${n} ${n === 1 ? 'chatbot' : 'chatbots'}`,
  creatorLink: (username: string) => `@${username}`,
  pending: 'Pending',
  moveUp: (n: number) => `Up ${n} ${n === 1 ? 'place' : 'places'}`,
  moveDown: (n: number) => `Down ${n} ${n === 1 ? 'place' : 'places'}`,
  moveSame: 'No change',
  moveNew: 'New',
  place: (rank: number) => `${rank}${rank === 1 ? 'st' : rank === 2 ? 'nd' : rank === 3 ? 'rd' : 'th'}`,
  emptyTitle: 'No leaderboard yet',
  emptyHint: 'The first monthly ranking shows here once a month is over and its results are published.',
  emptyCategory: 'No creators are ranked in this category yet.',
  loading: 'Loading leaderboard',
  loadFailed: ERROR_MESSAGES.search.failedTitle,
  loadFailedHint: ERROR_MESSAGES.search.failedHint,
  tryAgain: ERROR_MESSAGES.search.tryAgain,

  admin: 'Admin',
  pendingNote: (month: string) => `The ranking of ${month} is pending: only admins see it until it is approved.`,
  computeMonth: 'Month to compute',
  compute: 'Compute',
  computed: (n: number, month: string) => `${n} ${n === 1 ? 'entry' : 'entries'} computed for ${month}`,
  approve: 'Approve',
  approveTitle: 'Approve Leaderboard',
  approveMessage: (month: string) => `Approve the ranking of ${month}? Its entries become public and the prizes are granted to the winners.`,
  approved: (month: string) => `The ranking of ${month} is approved`,
  prizesTitle: (month: string) => `Prizes granted for ${month}`,
  noPrizes: 'No prizes were granted.',
  prize: (months: number, tierName: string) => `${months} free ${months === 1 ? 'month' : 'months'} of ${tierName}`,
  genericError: ERROR_MESSAGES.general.generic,
} as const;
