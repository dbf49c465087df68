import { formatLeaderboardScore, LEADERBOARD_TYPES, leaderboardCalls, type LeaderboardEntry } from '@fable/contracts';
import { api } from '@fable/shared';
import { LEADERBOARD_CALLS, leaderboardApi } from './leaderboardApi';
import {
  categoryEntries,
  formatScore,
  isLeaderboardMonth,
  LEADERBOARD_CATEGORIES,
  monthLabel,
  movementOf,
  previousMonth,
  splitPodium,
} from './leaderboardFormat';

const entry = (rank: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  id: `e${rank}`,
  creator_username: `creator${rank}`,
  number_of_characters: rank,
  score: 1000 * rank,
  rank,
  movement: null,
  avatar_url: null,
  date: '2026-11',
  type: 'New Bots',
  status: 'published',
  ...overrides,
});

describe('leaderboardApi', () => {
  it('adds its endpoints to the one api and calls the contracts’ paths', () => {
    expect(leaderboardApi).toBe(api);
    expect(Object.keys(leaderboardApi.endpoints)).toEqual(
      expect.arrayContaining(['discovery_leaderboard', 'discovery_leaderboardCompute', 'discovery_leaderboardApprove']),
    );
    for (const name of ['list', 'compute', 'approve'] as const) {
      expect(LEADERBOARD_CALLS[name]).toEqual({ method: leaderboardCalls[name].method, path: leaderboardCalls[name].path });
    }
  });
});

describe('formatScore', () => {
  it.each([
    [0, '0.0k'],
    [999, '1.0k'],
    [12_345, '12.3k'],
    [12_350, '12.3k'],
    [250_000, '250.0k'],
    [1_234_567, '1234.6k'],
  ])('%d → %s, as the contracts format it', (score, text) => {
    expect(formatScore(score)).toBe(text);
    expect(formatScore(score)).toBe(formatLeaderboardScore(score));
  });
});

describe('months', () => {
  it('checks and names months', () => {
    expect(isLeaderboardMonth('2026-11')).toBe(true);
    expect(isLeaderboardMonth('2026-13')).toBe(false);
    expect(isLeaderboardMonth('nope')).toBe(false);
    expect(isLeaderboardMonth(null)).toBe(false);
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
  });

  it('gives the month before', () => {
    expect(previousMonth(new Date('2026-11-22T10:00:00Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-05T10:00:00Z'))).toBe('2026-12');
  });
});

describe('categories', () => {
  it('are the contracts’ types in the same order', () => {
    expect(LEADERBOARD_CATEGORIES).toEqual(LEADERBOARD_TYPES);
  });

  it('keep one category, rank ascending, pending entries for admins only', () => {
    const entries = [entry(3), entry(1), entry(2, { status: 'pending' }), entry(1, { id: 'a1', type: 'All Bots' })];
    expect(categoryEntries(entries, 'New Bots', false).map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(categoryEntries(entries, 'New Bots', true).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(categoryEntries(entries, 'All Bots', false).map((e) => e.id)).toEqual(['a1']);
  });

  it('keep at most 25 and split the podium from the rest', () => {
    const entries = Array.from({ length: 30 }, (_, i) => entry(i + 1));
    const ranked = categoryEntries(entries, 'New Bots', false);
    expect(ranked).toHaveLength(25);
    const { podium, rest } = splitPodium(ranked);
    expect(podium.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(rest[0]?.rank).toBe(4);
    expect(rest).toHaveLength(22);
    expect(splitPodium(ranked.slice(0, 2))).toEqual({ podium: ranked.slice(0, 2), rest: [] });
  });
});

describe('movementOf', () => {
  it('reads up, down, same and new', () => {
    expect(movementOf(3)).toEqual({ kind: 'up', places: 3 });
    expect(movementOf(-2)).toEqual({ kind: 'down', places: 2 });
    expect(movementOf(0)).toEqual({ kind: 'same', places: 0 });
    expect(movementOf(null)).toEqual({ kind: 'new', places: 0 });
  });
});
