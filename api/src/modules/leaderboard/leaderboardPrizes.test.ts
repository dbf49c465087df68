import type { LeaderboardType } from '@fable/contracts';
import { decidePrizes, prizeForRank } from './leaderboardPrizes';

const place = (type: LeaderboardType, rank: number, creator: string) => ({
  type,
  rank,
  creator_user_id: creator,
  creator_username: creator,
});

describe('leaderboard prizes', () => {
  it('gives ranks 1-3 a month of premium, 4-10 a month of basic, and nothing below', () => {
    expect([1, 2, 3].map(prizeForRank)).toEqual(Array(3).fill({ tier: 'premium', months: 1 }));
    expect([4, 7, 10].map(prizeForRank)).toEqual(Array(3).fill({ tier: 'basic', months: 1 }));
    expect(prizeForRank(11)).toBeNull();
    expect(prizeForRank(25)).toBeNull();
  });

  it('lists every prize place of both categories, one per place', () => {
    const entries = Array.from({ length: 12 }, (_, i) => place('All Bots', i + 1, `c${i}`));
    const decisions = decidePrizes(entries);
    expect(decisions).toHaveLength(10);
    expect(decisions.every((d) => d.chosen)).toBe(true);
  });

  it('keeps only the better prize of a creator placed in both categories', () => {
    const chosen = (entries: ReturnType<typeof place>[]) =>
      decidePrizes(entries)
        .filter((d) => d.creator_user_id === 'x')
        .map((d) => [d.type, d.rank, d.tier, d.chosen]);
    // A higher tier wins over a better rank.
    expect(chosen([place('New Bots', 3, 'x'), place('All Bots', 4, 'x')])).toEqual([
      ['New Bots', 3, 'premium', true],
      ['All Bots', 4, 'basic', false],
    ]);
    expect(chosen([place('New Bots', 9, 'x'), place('All Bots', 2, 'x')])).toEqual([
      ['New Bots', 9, 'basic', false],
      ['All Bots', 2, 'premium', true],
    ]);
    // Same tier: the better rank.
    expect(chosen([place('New Bots', 1, 'x'), place('All Bots', 3, 'x')])).toEqual([
      ['New Bots', 1, 'premium', true],
      ['All Bots', 3, 'premium', false],
    ]);
    // Same tier and rank: All Bots.
    expect(chosen([place('New Bots', 5, 'x'), place('All Bots', 5, 'x')])).toEqual([
      ['New Bots', 5, 'basic', false],
      ['All Bots', 5, 'basic', true],
    ]);
    // A prize place outside the prizes in the other category changes nothing.
    expect(chosen([place('New Bots', 2, 'x'), place('All Bots', 14, 'x')])).toEqual([['New Bots', 2, 'premium', true]]);
  });

  it('does not hand a forgone place down to the next creator', () => {
    const decisions = decidePrizes([place('New Bots', 1, 'x'), place('All Bots', 1, 'x'), place('All Bots', 11, 'y')]);
    expect(decisions.filter((d) => d.chosen)).toHaveLength(1);
    expect(decisions.some((d) => d.creator_user_id === 'y')).toBe(false);
  });
});
